import type { ManagedUser } from "@common/api/users";
import { useQuery } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useRef } from "react";
import { ListBody } from "~/components/list-states";
import { SessionList } from "~/components/session-list";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { useTranslation } from "~/lib/react-i18n";
import { useEndUserSessions, userSessionsQueryOptions } from "./api/users";

/**
 * A managed user's sessions (docs/product.md#12-account-records): where she is signed in, with
 * End per session and "Sign out everywhere"; each ends at once (her next request is refused) and
 * leaves an entry in the audit trail. Admins open it for anyone, company admins for their
 * company's users (the server decides; the Users section shows the button where it may).
 * @param onCloseAutoFocus Radix's close focus; the section returns focus to the row's button
 */
export function UserSessionsDialog({
  user,
  onClose,
  onCloseAutoFocus,
}: {
  user: ManagedUser;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const sessions = useQuery(userSessionsQueryOptions(user.id));
  const end = useEndUserSessions(user.id);
  const list = sessions.data?.sessions ?? [];
  const ending = end.isPending && typeof end.variables === "number" ? end.variables : null;
  const titleRef = useRef<HTMLHeadingElement>(null);

  const run = (which: number | "all") =>
    end.mutate(which, {
      onSuccess: ({ ended }) => {
        toast({
          title: t("portal.sessions.endedTitle"),
          description:
            ended > 0 ? t("portal.sessions.ended", { count: ended }) : t("portal.sessions.endedNone"),
        });
        // The button pressed is gone (its row) or disabled (nothing left): focus stays in the
        // dialog, on its title, instead of falling to the page (WCAG 2.4.3).
        titleRef.current?.focus();
      },
      onError: (error) => toastRequestError(error, t("common.error"), t("portal.sessions.failed")),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle ref={titleRef} tabIndex={-1} className="break-words outline-none">
            {t("portal.userSessions.title", { name: user.fullName })}
          </DialogTitle>
          <DialogDescription className="break-words">
            {t("portal.userSessions.description", { email: user.email })}
          </DialogDescription>
        </DialogHeader>
        <ListBody texts="portal.sessions" query={sessions} retry count={list.length} icon={MonitorSmartphone}>
          <SessionList
            sessions={list}
            endText={t("portal.userSessions.end")}
            endLabel={(_session, device, lastSeen) =>
              t("portal.userSessions.endLabel", { device, date: lastSeen })
            }
            onEnd={(session) => run(session.id)}
            ending={ending}
          />
        </ListBody>
        <DialogFooter>
          <Button
            type="button"
            variant="destructive"
            disabled={end.isPending || list.length === 0}
            onClick={() => run("all")}
          >
            {end.isPending && end.variables === "all"
              ? t("portal.sessions.signingOut")
              : t("portal.userSessions.endAll")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
