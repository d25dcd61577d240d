import { useQuery } from "@tanstack/react-query";
import { Fingerprint } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";
import { clearPasskeySuggestion, passkeySuggestionPending, passkeysQueryOptions } from "./api";
import { AddPasskeyButton, usePasskeysSupported } from "./passkeys-card";

/**
 * The one-time suggestion to add a passkey (ADR 0061), on the dashboard she reaches after her
 * first sign-in by email while she has none (the server says so once in the sign-in answer).
 * "Add a passkey" and "Not now" both end it for good; it never comes back, in this tab or any
 * other. Shown only where the browser can make passkeys.
 * @param manageLink also link to the passkeys list (the admin dashboard, where it is not on the page)
 */
export function PasskeySuggestion({ manageLink = false }: { manageLink?: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(passkeySuggestionPending);
  const supported = usePasskeysSupported();
  const passkeys = useQuery({ ...passkeysQueryOptions(), enabled: pending });
  const dismiss = () => {
    clearPasskeySuggestion();
    setPending(false);
  };
  if (!pending || !supported || passkeys.data === undefined || passkeys.data.passkeys.length > 0) return null;
  return (
    <section
      aria-labelledby="passkey-suggestion-title"
      className="flex flex-col gap-4 rounded-2xl border border-primary/30 bg-secondary/60 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Fingerprint className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="passkey-suggestion-title" className="font-semibold">
            {t("passkeys.suggestTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("passkeys.suggestText")}</p>
          {manageLink && (
            <Link
              to="/dashboard#passkeys"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("passkeys.manage")}
            </Link>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <AddPasskeyButton onAdded={() => setPending(false)} />
        <Button type="button" variant="outline" onClick={dismiss}>
          {t("passkeys.notNow")}
        </Button>
      </div>
    </section>
  );
}
