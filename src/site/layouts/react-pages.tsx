import type { LoginPortalId } from "@common/login-portals";
import type { RetailerDemo } from "@common/retailer-demos";
import type { ReactNode } from "react";
import { StaticRouter } from "react-router";
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
function AtPath({ path, children }: { path: string; children: ReactNode }) {
  return <StaticRouter location={path}>{children}</StaticRouter>;
}

export function LandingBody({ path }: { path: string }) {
  return (
    <AtPath path={path}>
      <LandingPage />
    </AtPath>
  );
}

/** `children`: the calculator island (its interactive part), placed where the page shows it. */
export function CalculatorBody({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <AtPath path={path}>
      <CalculatorPage>{children}</CalculatorPage>
    </AtPath>
  );
}

export function PrivacyBody({ path }: { path: string }) {
  return (
    <AtPath path={path}>
      <PrivacyPage />
    </AtPath>
  );
}

/** `children`: the registration island (form and Thank You view), placed where the page shows it. */
export function RetailerDemoBody({
  path,
  demo,
  children,
}: {
  path: string;
  demo: RetailerDemo;
  children?: ReactNode;
}) {
  return (
    <AtPath path={path}>
      <RegistrationPage demo={demo}>{children}</RegistrationPage>
    </AtPath>
  );
}

/** `children`: the login form island, placed where the page shows it. */
export function LoginPortalBody({
  path,
  portal,
  children,
}: {
  path: string;
  portal: LoginPortalId;
  children?: ReactNode;
}) {
  return (
    <AtPath path={path}>
      <LoginPortalPage portal={portal}>{children}</LoginPortalPage>
    </AtPath>
  );
}

export function NotFoundBody({ path }: { path: string }) {
  return (
    <AtPath path={path}>
      <NotFoundRoute />
    </AtPath>
  );
}
