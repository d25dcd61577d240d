import type { SessionInfo } from "@common/api/sessions";
import { useQuery } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useId, useRef } from "react";
import { ListBody } from "~/components/list-states";
import { SectionCard } from "~/components/section-card";
import { SessionList } from "~/components/session-list";
import { Button } from "~/components/ui/button";
import { CardContent } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";
import { toastRequestError } from "~/lib/error-toast";
import { useTranslation } from "~/lib/react-i18n";
import { mySessionsQueryOptions, useEndMySessions } from "./api";

/**
 * Signed-in Devices (docs/product.md#12-account-records): the user's live sessions, this one
 * marked, each other one with Sign out, and "Sign out all other devices". An ended session is
 * refused on its next request; the list is refetched after each change.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const sessions = useQuery(mySessionsQueryOptions());
  const end = useEndMySessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  const ending = end.isPending && end.variables !== "others" ? (end.variables?.id ?? null) : null;

  const titleRef = useRef<HTMLHeadingElement>(null);

  const run = (which: { id: number } | "others") =>
    end.mutate(which, {
      onSuccess: ({ ended }) => {
        toast({
          title: t("portal.sessions.endedTitle"),
          description:
            ended > 0 ? t("portal.sessions.ended", { count: ended }) : t("portal.sessions.endedNone"),
        });
        // The button pressed leaves with its row (or with the last other device): focus goes to
        // the card's title instead of falling to the page (WCAG 2.4.3).
        titleRef.current?.focus();
      },
      onError: (error) => toastRequestError(error, t("common.error"), t("portal.sessions.failed")),
    });

  return (
    <section aria-labelledby={titleId}>
      <SectionCard
        title={t("portal.sessions.title")}
        description={t("portal.sessions.description")}
        titleId={titleId}
        titleRef={titleRef}
        actions={
          others > 0 ? (
            <Button variant="outline" size="sm-touch" pending={end.isPending} onClick={() => run("others")}>
              {end.isPending && end.variables === "others"
                ? t("portal.sessions.signingOut")
                : t("portal.sessions.signOutOthers")}
            </Button>
          ) : undefined
        }
      >
        <CardContent className="grid gap-3">
          <ListBody
            texts="portal.sessions"
            query={sessions}
            retry
            count={list.length}
            icon={MonitorSmartphone}
          >
            <SessionList
              sessions={list}
              endText={t("portal.sessions.signOut")}
              endLabel={(_session: SessionInfo, device, lastSeen) =>
                t("portal.sessions.signOutLabel", { device, date: lastSeen })
              }
              onEnd={(session) => run({ id: session.id })}
              ending={ending}
            />
            {others === 0 && <p className="text-sm text-muted-foreground">{t("portal.sessions.onlyThis")}</p>}
          </ListBody>
        </CardContent>
      </SectionCard>
    </section>
  );
}
