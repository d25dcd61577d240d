import "./lib/zod-jitless";
import { basePath, isLocalized, languageOfPath, pageLanguage } from "@common/languages";
import { useEffect, useLayoutEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { useTranslation } from "~/lib/react-i18n";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { LoadingScreen } from "./components/loading-screen";
import { ToasterOnDemand } from "./components/toaster-on-demand";
import interCore from "./fonts/inter-core-wght-400-700.woff2?url";
import { i18next, setPageLanguage } from "./lib/i18n";
import {
  chosenLanguage,
  LANGUAGE_PENDING_CLASS,
  LANGUAGE_PENDING_SCRIPT,
  loadPortalLanguage,
  portalLanguage,
} from "./lib/portal-language";

export const links: Route.LinksFunction = () => [
  // Declared when prerendering only: the prerendered shells and the SPA fallback carry the <link>
  // (ADR 0041), and React keeps the stylesheet it finds there; `precedence` makes React place it
  // first in <head>.
  ...(typeof document === "undefined" ? [{ rel: "stylesheet", href: stylesheet, precedence: "high" }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The core Inter file (the characters of our copy, src/client/fonts/inter-latin.css, ADR 0069),
  // preloaded on every page: text is laid out once in its final font (no layout shift), and the
  // file is not found late through the stylesheet at top priority.
  { rel: "preload", as: "font", type: "font/woff2", href: interCore, crossOrigin: "anonymous" as const },
];

/**
 * The title of a page whose route sets none yet: the SPA fallback, rendered with the root route
 * only (ADR 0041).
 * Each route's own `meta` replaces it.
 */
export const meta: Route.MetaFunction = () => [{ title: i18next.t("brand.name") }];

/**
 * The document shell of the browser app: the portal (the public pages are the Astro site's,
 * ADR 0064, ADR 0080). The stylesheet is a blocking <link> in <head>, so no page paints
 * unstyled. These pages have no Spanish twin: prerendered (their shells, ADR 0041) they are in
 * the language of their path, English; in the browser they follow the `lang` cookie once their
 * Spanish catalogs have loaded, hidden until then so no English shows first (ADR 0025): an
 * inline script hides a page before it paints, and a layout effect keeps it hidden until the
 * language is ready.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  // Re-render (`<html lang>`) when the language changes after load (portal pages, below).
  useTranslation();
  const localized = isLocalized(basePath(pathname));
  // Prerendering has no cookie: a page without a twin is in the language of the path it is
  // rendered at.
  setPageLanguage(
    localized ? pageLanguage(pathname) : import.meta.env.SSR ? languageOfPath(pathname) : portalLanguage(),
  );
  const gaveUp = useRef(false);
  // Before each paint: hidden while the cookie asks for Spanish that has not loaded yet.
  useLayoutEffect(() => {
    const waiting = !localized && !gaveUp.current && chosenLanguage() === "es" && portalLanguage() !== "es";
    document.documentElement.classList.toggle(LANGUAGE_PENDING_CLASS, waiting);
  });
  useEffect(() => {
    if (localized) return;
    // Pages without a Spanish twin follow the `lang` cookie once its catalogs have loaded.
    let cancelled = false;
    loadPortalLanguage().then(
      (language) => {
        if (!cancelled) setPageLanguage(language);
      },
      () => {
        // The chunk did not load: show the page in English rather than nothing.
        gaveUp.current = true;
        document.documentElement.classList.remove(LANGUAGE_PENDING_CLASS);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [localized]);
  return (
    // The pending-language class is set on <html> before hydration (see LANGUAGE_PENDING_SCRIPT).
    <html lang={i18next.language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* On every page, so the SPA fallback (rendered at `/`) hydrates on any path. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant text, allowed by its CSP hash */}
        <script dangerouslySetInnerHTML={{ __html: LANGUAGE_PENDING_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // TanStack Query is provided by the routes that fetch (lib/query-provider), not here: `/` does not need it.
  return (
    <>
      <Outlet />
      <ToasterOnDemand />
    </>
  );
}

/** Shown while a route that is not prerendered loads in the browser. */
export function HydrateFallback() {
  return <LoadingScreen />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong.";
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
    </main>
  );
}
