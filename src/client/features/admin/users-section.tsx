import type { SessionUser } from "@common/api/auth";
import type { ManagedUser } from "@common/api/users";
import { intlLocale } from "@common/languages";
import { isAdmin } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useRef, useState } from "react";
import { ListBody, ListTable, RowAction } from "~/components/list-states";
import { RoleBadge } from "~/components/role-badge";
import { SearchListCard } from "~/components/search-list-card";
import { Badge } from "~/components/ui/badge";
import { useSearch, useSearchPage } from "~/hooks/use-search";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/react-i18n";
import { USERS_PAGE_SIZE, usersQueryOptions } from "./api/users";
import { ConfirmUserDialog, EditUserDialog, type UserAction } from "./user-dialogs";
import { UserSessionsDialog } from "./user-sessions-dialog";

/**
 * Which actions `viewer` may take on `target` (ADR 0017; the server enforces the same):
 * admins change role and company and delete; admins and company admins see and end sessions
 * (docs/product.md#12-account-records), deactivate and reactivate, and remove the passkeys of
 * someone who has any (ADR 0061), company admins never on admins; nobody acts on their own
 * account here (her own sessions are on her dashboard).
 */
export function allowedUserActions(viewer: SessionUser, target: ManagedUser): UserAction[] {
  if (viewer.id === target.id) return [];
  const admin = isAdmin(viewer.role);
  if (!admin && isAdmin(target.role)) return [];
  const actions: UserAction[] = ["sessions"];
  if (admin) actions.push("edit");
  actions.push(target.isActive ? "deactivate" : "reactivate");
  if (target.passkeyCount > 0) actions.push("passkeys");
  if (admin) actions.push("delete");
  return actions;
}

/** A count in the reader's language's digits and grouping (ADR 0040). */
function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(n);
}

/**
 * The Users section of the admin dashboard (ADR 0009, 0017): the users in the viewer's scope
 * (name, email, role, company, status, last login) with a debounced search and paging; loading,
 * empty and error states; per-row actions opening a dialog that confirms the change. A table on
 * wide screens, cards on phones. Focus returns to the row's button when a dialog closes, or to
 * the section title when the row is gone (a deleted user).
 * @param viewer the signed-in admin or company admin
 */
export function UsersSection({ viewer }: { viewer: SessionUser }) {
  const { t, i18n } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const search = useSearch();
  const { q } = search;
  const [page, setPage] = useSearchPage(q);
  const users = useQuery(usersQueryOptions(q, page));
  const list = users.data?.users ?? [];
  const [open, setOpen] = useState<{ action: UserAction; user: ManagedUser; trigger: HTMLElement } | null>(
    null,
  );

  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const trigger = open?.trigger;
    if (trigger?.isConnected) trigger.focus();
    else titleRef.current?.focus();
  };

  const lastLogin = (user: ManagedUser) =>
    user.lastLoginAt ? (
      <time dateTime={user.lastLoginAt} title={formatDate(user.lastLoginAt, i18n.language, true)}>
        {formatDate(user.lastLoginAt, i18n.language)}
      </time>
    ) : (
      t("portal.users.never")
    );
  const status = (user: ManagedUser) =>
    user.isActive ? (
      <Badge variant="success">{t("portal.users.active")}</Badge>
    ) : (
      <Badge variant="secondary">{t("portal.users.deactivated")}</Badge>
    );
  const name = (user: ManagedUser) => (
    <span className="font-medium">
      {user.fullName}
      {user.id === viewer.id && (
        <span className="font-normal text-muted-foreground"> {t("portal.users.you")}</span>
      )}
    </span>
  );

  const actions = (user: ManagedUser) => {
    const allowed = allowedUserActions(viewer, user);
    if (allowed.length === 0) return null;
    return (
      <div className="flex flex-wrap gap-2 lg:flex-nowrap">
        {allowed.map((action) => {
          const label = t(`portal.users.${action}Label`, { name: user.fullName });
          const onClick = (event: React.MouseEvent<HTMLButtonElement>) =>
            setOpen({ action, user, trigger: event.currentTarget });
          // Deactivate and Reactivate share a key: the same button stays (and keeps focus) when it flips.
          const key = action === "deactivate" || action === "reactivate" ? "active" : action;
          return (
            <RowAction
              key={key}
              destructive={action === "delete" || action === "passkeys"}
              aria-label={label}
              onClick={onClick}
            >
              {t(`portal.users.${action}`)}
            </RowAction>
          );
        })}
      </div>
    );
  };

  return (
    <SearchListCard search={search} texts="portal.users" titleRef={titleRef} searchMaxLength={200}>
      <ListBody
        texts="portal.users"
        query={users}
        paging={{ page, pageSize: users.data?.pageSize ?? USERS_PAGE_SIZE, onPage: setPage }}
        keepRows
        retry
        count={list.length}
        icon={Users}
        live
        q={q}
      >
        <ListTable
          rows={list}
          wide="lg"
          rowClassName="align-top"
          cardClassName="gap-2 text-sm"
          columns={[
            {
              header: t("portal.users.name"),
              cell: (user) => (
                <div className="grid">
                  {name(user)}
                  <span className="break-words text-muted-foreground">{user.email}</span>
                </div>
              ),
            },
            {
              header: t("portal.users.role"),
              className: "whitespace-nowrap",
              cell: (user) => <RoleBadge role={user.role} />,
            },
            { header: t("portal.users.company"), cell: (user) => user.companyName ?? "—" },
            { header: t("portal.users.status"), className: "whitespace-nowrap", cell: status },
            { header: t("portal.users.lastLogin"), className: "whitespace-nowrap", cell: lastLogin },
            {
              header: t("portal.users.passkeyCount"),
              className: "whitespace-nowrap tabular-nums",
              cell: (user) => formatCount(user.passkeyCount, i18n.language),
            },
            { header: t("portal.users.actions"), cell: actions },
          ]}
          card={(user) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <div className="grid min-w-0">
                  {name(user)}
                  <span className="break-all text-muted-foreground">{user.email}</span>
                </div>
                {status(user)}
              </div>
              <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <RoleBadge role={user.role} />
                {user.companyName && <span>{user.companyName}</span>}
              </div>
              <span className="text-muted-foreground">
                {t("portal.users.lastLogin")}: {lastLogin(user)}
              </span>
              <span className="text-muted-foreground">
                {t("portal.users.passkeyCount")}: {formatCount(user.passkeyCount, i18n.language)}
              </span>
              {actions(user)}
            </>
          )}
        />
      </ListBody>

      {open?.action === "edit" && (
        <EditUserDialog user={open.user} onClose={() => setOpen(null)} onCloseAutoFocus={onCloseAutoFocus} />
      )}
      {open?.action === "sessions" && (
        <UserSessionsDialog
          user={open.user}
          onClose={() => setOpen(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
      {open && open.action !== "edit" && open.action !== "sessions" && (
        <ConfirmUserDialog
          action={open.action}
          user={open.user}
          onClose={() => setOpen(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </SearchListCard>
  );
}
