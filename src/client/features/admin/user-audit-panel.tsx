import {
  SIGN_IN_METHODS,
  type SignInMethod,
  USER_AUDIT_ACTIONS,
  type UserAuditAction,
  type UserAuditEntry,
} from "@common/api/users";
import { SIGN_IN_CODE_MAX_WRONG } from "@common/limits";
import { ROLES } from "@common/roles";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useId, useState } from "react";
import { SelectField, TextField } from "~/components/form-field";
import { ListBody, RefreshAndExport } from "~/components/list-states";
import { Pager } from "~/components/pager";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { useDebounced } from "~/hooks/use-debounced";
import { SEARCH_DEBOUNCE_MS } from "~/hooks/use-search";
import { formatDate } from "~/lib/format";
import type { TFunction } from "~/lib/i18n";
import { useTranslation } from "~/lib/react-i18n";
import { type AuditFilters, userAuditCsvUrl, userAuditQueryOptions } from "./api/users";

/** The start (or end) of the local day `date` ("2026-11-25") as an instant, or "" for none. */
function dayBound(date: string, end: boolean): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "";
  const instant = new Date(`${date}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(instant.getTime()) ? "" : instant.toISOString();
}

/** Whether a `signed_in` entry's detail names how she signed in (link, code or passkey). */
function isSignInMethod(value: string | null): value is SignInMethod {
  return (SIGN_IN_METHODS as readonly (string | null)[]).includes(value);
}

/**
 * What an entry says, in the reader's language (ADR 0057): who did what to whom. Role ids in a
 * change ("user → company_admin") show as role names and "none" as "No company"; an invitation
 * names the role, a sign-in how it was made, a passkey change the passkey, a wrong code which try
 * it was (ADR 0060); counts (sessions ended, files deleted) make the sentence's number.
 */
function describeEntry(t: TFunction, entry: UserAuditEntry): { sentence: string; detail: string | null } {
  const actor =
    entry.actorName ??
    entry.actorEmail ??
    (entry.actorId === null ? t("portal.userAudit.system") : t("portal.userAudit.someone"));
  const values = { actor, target: entry.targetEmail };
  const role = (value: string) =>
    (ROLES as readonly string[]).includes(value) ? t(`roles.${value as (typeof ROLES)[number]}`) : value;
  const side = (value: string) => (value === "none" ? t("portal.userAudit.none") : role(value));
  const count = Number(entry.detail ?? 0);
  switch (entry.action) {
    case "role_changed":
    case "company_changed":
      return {
        sentence: t(`portal.userAudit.actions.${entry.action}`, values),
        detail:
          entry.detail
            ?.split(" → ")
            .map((part) => side(part.trim()))
            .join(" → ") ?? null,
      };
    case "link_expired":
    case "link_reused":
      return {
        sentence: t(
          `portal.userAudit.linkKinds.${entry.action}${entry.detail === "invitation" ? "_invitation" : ""}`,
          values,
        ),
        detail: null,
      };
    case "invitation_sent":
    case "invitation_resent":
    case "invitation_revoked":
      return {
        sentence: t(`portal.userAudit.actions.${entry.action}`, values),
        detail: entry.detail ? t("portal.userAudit.invitedAs", { role: role(entry.detail) }) : null,
      };
    case "session_ended":
      return {
        sentence:
          entry.actorId !== null && entry.actorId === entry.targetUserId
            ? t("portal.userAudit.sessionsSelf", { ...values, count })
            : t("portal.userAudit.sessionsOther", { ...values, count }),
        detail: null,
      };
    case "signed_in":
      return {
        sentence: t("portal.userAudit.actions.signed_in", values),
        detail: isSignInMethod(entry.detail) ? t(`portal.userAudit.signInMethods.${entry.detail}`) : null,
      };
    case "files_purged":
      return { sentence: t("portal.userAudit.purged", { ...values, count }), detail: null };
    case "sign_in_code_wrong": {
      // Which wrong try of the code (ADR 0060); the last one kills it.
      const attempt = Number(entry.detail);
      const tries = { attempt, max: SIGN_IN_CODE_MAX_WRONG };
      return {
        sentence: t("portal.userAudit.actions.sign_in_code_wrong", values),
        detail:
          entry.detail === null || !Number.isInteger(attempt)
            ? null
            : attempt >= SIGN_IN_CODE_MAX_WRONG
              ? t("portal.userAudit.codeDead", tries)
              : t("portal.userAudit.codeTry", tries),
      };
    }
    case "passkey_added":
    case "passkey_removed":
      return {
        sentence:
          entry.action === "passkey_added"
            ? t("portal.userAudit.actions.passkey_added", values)
            : entry.actorId !== null && entry.actorId === entry.targetUserId
              ? t("portal.userAudit.passkeyRemovedSelf", values)
              : t("portal.userAudit.passkeyRemovedOther", values),
        detail: entry.detail ? t("portal.userAudit.passkeyName", { name: entry.detail }) : null,
      };
    default:
      return { sentence: t(`portal.userAudit.actions.${entry.action}`, values), detail: null };
  }
}

/**
 * The audit trail (ADR 0057, `GET /api/admin/users/audit`): who
 * did what to which account, sign-ins, links, sign-in emails and wrong codes, passkeys,
 * invitations, sessions and purged files, newest first; each entry with the browser and address it came from. Filters by person (name or
 * address), kind and dates; Export CSV downloads every entry that matches. Paging, loading,
 * empty and error states as the other lists.
 */
export function UserAuditPanel() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId() };
  const [person, setPerson] = useState("");
  const [kind, setKind] = useState<UserAuditAction | "">("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");
  const q = useDebounced(person.trim(), SEARCH_DEBOUNCE_MS);
  const filters: AuditFilters = {
    q,
    action: kind,
    from: dayBound(fromDay, false),
    to: dayBound(toDay, true),
  };
  const filtered = Boolean(filters.q || filters.action || filters.from || filters.to);
  // The page belongs to one set of filters: new filters start at page 1.
  const [paging, setPaging] = useState({ key: "", page: 1 });
  const key = JSON.stringify(filters);
  const page = paging.key === key ? paging.page : 1;
  const audit = useQuery(userAuditQueryOptions(page, filters));
  const entries = audit.data?.entries ?? [];

  const clear = () => {
    setPerson("");
    setKind("");
    setFromDay("");
    setToDay("");
  };

  return (
    <section aria-labelledby={titleId}>
      <SectionCard
        title={t("portal.userAudit.title")}
        description={t("portal.userAudit.description")}
        titleId={titleId}
        actions={
          <div className="flex flex-wrap gap-2">
            <RefreshAndExport
              texts="portal.userAudit"
              query={audit}
              csvHref={userAuditCsvUrl(filters)}
              csvLabel={t("portal.userAudit.exportLabel")}
            />
          </div>
        }
      >
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end">
            <legend className="sr-only">{t("portal.userAudit.filters")}</legend>
            <TextField
              id={ids.person}
              label={t("portal.userAudit.person")}
              type="search"
              placeholder={t("portal.userAudit.personPlaceholder")}
              maxLength={200}
              autoComplete="off"
              value={person}
              onChange={(event) => setPerson(event.target.value)}
            />
            <SelectField
              id={ids.kind}
              label={t("portal.userAudit.kind")}
              options={[
                { value: "", label: t("portal.userAudit.allKinds") },
                ...USER_AUDIT_ACTIONS.map((value) => ({
                  value,
                  label: t(`portal.userAudit.kinds.${value}`),
                })),
              ]}
              value={kind}
              onChange={(event) => setKind(event.target.value as UserAuditAction | "")}
            />
            <TextField
              id={ids.from}
              label={t("portal.userAudit.from")}
              type="date"
              value={fromDay}
              max={toDay || undefined}
              onChange={(event) => setFromDay(event.target.value)}
            />
            <TextField
              id={ids.to}
              label={t("portal.userAudit.to")}
              type="date"
              value={toDay}
              min={fromDay || undefined}
              onChange={(event) => setToDay(event.target.value)}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm-touch"
              disabled={!filtered && !person}
              onClick={clear}
            >
              {t("portal.userAudit.clear")}
            </Button>
          </fieldset>
          <ListBody
            texts="portal.userAudit"
            query={audit}
            keepRows
            retry
            live
            count={entries.length}
            icon={History}
            q={filtered ? "filtered" : undefined}
          >
            <ol
              className="divide-y divide-border rounded-xl border border-border"
              aria-busy={audit.isFetching}
            >
              {entries.map((entry) => {
                const { sentence, detail } = describeEntry(t, entry);
                const origin = [entry.device, entry.ip].filter(Boolean).join(" · ");
                return (
                  <li key={entry.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4">
                    <time dateTime={entry.at} className="tabular-nums text-muted-foreground">
                      {formatDate(entry.at, i18n.language, true)}
                    </time>
                    {/* A long address may break anywhere, so it never widens the list past a phone's screen. */}
                    <div className="grid min-w-0 gap-0.5">
                      <span className="wrap-anywhere">{sentence}</span>
                      {detail && <span className="wrap-anywhere text-muted-foreground">{detail}</span>}
                      {origin && (
                        <span className="wrap-anywhere text-xs text-muted-foreground">{origin}</span>
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          </ListBody>
          <Pager
            query={audit}
            page={page}
            shown={entries.length}
            pageSize={audit.data?.pageSize ?? 1}
            onPage={(next) => setPaging({ key, page: next })}
            texts="portal.userAudit"
          />
        </CardContent>
      </SectionCard>
    </section>
  );
}
