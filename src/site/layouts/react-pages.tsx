import type { LoginPortalId } from "@common/login-portals";
import type { RetailerDemo } from "@common/retailer-demos";
import type { ReactNode } from "react";
import { type SiteChromeSlots, SiteChromeSlotsContext } from "~/components/site-chrome-slots";
import { CalculatorPage } from "~/features/calculator/calculator-page";
import { LandingPage } from "~/features/landing/landing-page";
import { LoginPortalPage } from "~/features/portals/login-portal-page";
import { PrivacyPage } from "~/features/privacy/privacy-page";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import NotFoundRoute from "~/routes/not-found";

/**
 * The React pages rendered to static HTML by Astro (ADR 0064), no client directive: one copy of
 * the UI. They link with plain `<a>` and need no router (ADR 0080), and carry no event handler:
 * the build fails on one (ADR 0079). Each body gets the page's header and footer, the static
 * SiteHeader.astro / SiteFooter.astro, as its `header` and `footer` slots
 * (components/site-chrome-slots.ts).
 */
function WithChrome({ header, footer, children }: SiteChromeSlots & { children: ReactNode }) {
  return <SiteChromeSlotsContext value={{ header, footer }}>{children}</SiteChromeSlotsContext>;
}

export function LandingBody({ ...chrome }: SiteChromeSlots) {
  return (
    <WithChrome {...chrome}>
      <LandingPage />
    </WithChrome>
  );
}

/** `children`: the calculator island (its interactive part), placed where the page shows it. */
export function CalculatorBody({ children, ...chrome }: SiteChromeSlots & { children?: ReactNode }) {
  return (
    <WithChrome {...chrome}>
      <CalculatorPage>{children}</CalculatorPage>
    </WithChrome>
  );
}

export function PrivacyBody({ ...chrome }: SiteChromeSlots) {
  return (
    <WithChrome {...chrome}>
      <PrivacyPage />
    </WithChrome>
  );
}

/** `children`: the registration island (form and Thank You view), placed where the page shows it. */
export function RetailerDemoBody({
  demo,
  children,
  ...chrome
}: SiteChromeSlots & {
  demo: RetailerDemo;
  children?: ReactNode;
}) {
  return (
    <WithChrome {...chrome}>
      <RegistrationPage demo={demo}>{children}</RegistrationPage>
    </WithChrome>
  );
}

/** `children`: the login form island, placed where the page shows it. */
export function LoginPortalBody({
  portal,
  children,
  ...chrome
}: SiteChromeSlots & {
  portal: LoginPortalId;
  children?: ReactNode;
}) {
  return (
    <WithChrome {...chrome}>
      <LoginPortalPage portal={portal}>{children}</LoginPortalPage>
    </WithChrome>
  );
}

export function NotFoundBody({ ...chrome }: SiteChromeSlots) {
  return (
    <WithChrome {...chrome}>
      <NotFoundRoute />
    </WithChrome>
  );
}
