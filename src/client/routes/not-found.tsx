import { AlertCircle } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { LoadingScreen } from "~/components/loading-screen";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { addCatalog, i18next } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { chosenLanguage, loadPortalLanguage } from "~/lib/portal-language";
import { useTranslation } from "~/lib/react-i18n";
import { enImuDemo } from "~/locales/en-imu-demo";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ imuDemo: enImuDemo });

// The server answers an unknown path with the site's not-found page (ADR 0063, ADR 0064); this
// route shows it only after a navigation inside the app, in the language of the `lang` cookie:
// it waits for the Spanish texts before it renders. English visitors load nothing more. Should the
// Spanish chunk fail, the page shows in English rather than not at all.
if (!import.meta.env.SSR && chosenLanguage() === "es") {
  await loadPortalLanguage().catch(() => undefined);
}

/**
 * A link from the app to a path it has no page for (a public page of the site, ADR 0064, or an
 * unknown path) loads that path from the server, which sends the site's page or its not-found
 * page with status 404. The path the document was loaded at (the IMU demo through this route,
 * ADR 0041) renders here.
 */
export async function clientLoader({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  if (pathname !== window.location.pathname && !isImuPath(pathname)) {
    window.location.assign(request.url);
    // The document is being replaced: this navigation never settles in the app.
    await new Promise<never>(() => {});
  }
  return null;
}

/** Any path containing 'accelerometer' is the IMU demo (docs/product.md#2-pages), loaded only when needed. */
const ImuPage = lazy(() => import("~/features/imu-demo/imu-page").then((m) => ({ default: m.ImuPage })));
const isImuPath = (pathname: string) => pathname.toLowerCase().includes("accelerometer");

export const meta = ({ location }: { location: { pathname: string } }) =>
  isImuPath(location.pathname)
    ? [{ title: `${i18next.t("imuDemo.metaTitle")} · ${i18next.t("brand.name")}` }]
    : [
        { title: `${i18next.t("notFound.title")} · ${i18next.t("brand.name")}` },
        { name: "robots", content: "noindex" },
      ];

/**
 * Not-found page (docs/product.md#2-pages): centred card, red icon, the "404 Page Not Found" heading, a short text, and a link home,
 * inside the site header and footer (docs/product.md#2-pages). Prerendered at NOT_FOUND_PRERENDER_PATH and, in
 * Spanish, at SPANISH_NOT_FOUND_PRERENDER_PATH; the server answers unknown paths with the one in
 * the `lang` cookie's language and status 404 (ADR 0063).
 */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { pathname } = useLocation();
  if (isImuPath(pathname)) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ImuPage />
      </Suspense>
    );
  }
  return (
    <SitePage className="bg-muted/40">
      <main id="main" className="flex w-full flex-1 items-center justify-center px-4 py-16">
        <Card className="w-full max-w-md">
          <CardContent className="grid gap-4 pt-6">
            <div className="flex items-center gap-2">
              <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
            </div>
            <p className="text-sm text-muted-foreground">{t("notFound.text")}</p>
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={localize("/")}>{t("notFound.home")}</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </SitePage>
  );
}
