import type { RetailerDemo } from "@common/retailer-demos";
import { useState } from "react";
import { SectionCard } from "~/components/section-card";
import { Card, CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/react-i18n";
import { useRetailerDemoSettings } from "./api/registration";
import { RegistrationForm } from "./registration-form";
import { ThankYou } from "./thank-you";
import { usePendingResend } from "./use-pending-resend";

/**
 * The registration form's card, which turns into the Thank You card once the registration is
 * sent or captured (docs/product.md#4-states "Demo registration"); it also resends registrations
 * captured offline, on load and when the browser is back online (ADR 0006).
 */
export function RegistrationPanel({ demo }: { demo: RetailerDemo }) {
  const { t } = useTranslation();
  const settings = useRetailerDemoSettings(demo);
  const [done, setDone] = useState(false);
  const { pendingCount, refresh } = usePendingResend();

  return done ? (
    <Card>
      <CardContent className="pt-6">
        <ThankYou settings={settings} pending={pendingCount > 0} />
      </CardContent>
    </Card>
  ) : (
    <SectionCard title={t("retailerDemo.formTitle")}>
      <CardContent>
        <RegistrationForm
          demo={demo}
          settings={settings}
          onDone={() => {
            refresh();
            setDone(true);
          }}
        />
      </CardContent>
    </SectionCard>
  );
}
