import type { LoginPortalId } from "@common/login-portals";
import type { RetailerDemo } from "@common/retailer-demos";
import type { ReactNode } from "react";
import { StaticRouter } from "react-router";
import { type SiteChromeSlots, SiteChromeSlotsContext } from "~/components/site-chrome-slots";
import { CalculatorPage } from "~/features/calculator/calculator-page";
import { LandingPage } from "~/features/landing/landing-page";
import { LoginPortalPage } from "~/features/portals/login-portal-page";
import { PrivacyPage } from "~/features/privacy/privacy-page";
import { RegistrationPage } from "~/features/retailer-demo/registration-page";
import NotFoundRoute from "~/routes/not-found";

/**
 * The existing React pages rendered to static HTML by Astro (ADR 0064), no client directive: the
 * same components as before, one copy of the UI. They link with React Router's `<Link>` and read
 * the location, so each renders inside a `StaticRouter` at the page's own path (build time only;
 * no router reaches the browser from here).
 */
function AtPath({ path, header, footer, children }: SiteChromeSlots & { path: string; children: ReactNode }) {
  // The page's header and footer: the static SiteHeader.astro / SiteFooter.astro, given as the
  // `header` and `footer` slots of the body below (components/site-chrome-slots.ts).
  return (
    <SiteChromeSlotsContext value={{ header, footer }}>
      <StaticRouter location={path}>{children}</StaticRouter>
    </SiteChromeSlotsContext>
  );
}

export function LandingBody({ path, ...chrome }: SiteChromeSlots & { path: string }) {
  return (
    <AtPath path={path} {...chrome}>
      <LandingPage />
    </AtPath>
  );
}

/** `children`: the calculator island (its interactive part), placed where the page shows it. */
export function CalculatorBody({
  path,
  children,
  ...chrome
}: SiteChromeSlots & { path: string; children?: ReactNode }) {
  return (
    <AtPath path={path} {...chrome}>
      <CalculatorPage>{children}</CalculatorPage>
    </AtPath>
  );
}

export function PrivacyBody({ path, ...chrome }: SiteChromeSlots & { path: string }) {
  return (
    <AtPath path={path} {...chrome}>
      <PrivacyPage />
    </AtPath>
  );
}

/** `children`: the registration island (form and Thank You view), placed where the page shows it. */
export function RetailerDemoBody({
  path,
  demo,
  children,
  ...chrome
}: SiteChromeSlots & {
  path: string;
  demo: RetailerDemo;
  children?: ReactNode;
}) {
  return (
    <AtPath path={path} {...chrome}>
      <RegistrationPage demo={demo}>{children}</RegistrationPage>
    </AtPath>
  );
}

/** `children`: the login form island, placed where the page shows it. */
export function LoginPortalBody({
  path,
  portal,
  children,
  ...chrome
}: SiteChromeSlots & {
  path: string;
  portal: LoginPortalId;
  children?: ReactNode;
}) {
  return (
    <AtPath path={path} {...chrome}>
      <LoginPortalPage portal={portal}>{children}</LoginPortalPage>
    </AtPath>
  );
}

export function NotFoundBody({ path, ...chrome }: SiteChromeSlots & { path: string }) {
  return (
    <AtPath path={path} {...chrome}>
      <NotFoundRoute />
    </AtPath>
  );
}
