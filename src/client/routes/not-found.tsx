import { AlertCircle } from "lucide-react";
import { SitePage } from "~/components/site-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { i18next } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { chosenLanguage, loadPortalLanguage } from "~/lib/portal-language";
import { useTranslation } from "~/lib/react-i18n";

// The server answers an unknown path with the site's not-found page (ADR 0063, ADR 0064); this
// route shows it only after a navigation inside the app, in the language of the `lang` cookie:
// it waits for the Spanish texts before it renders. English visitors load nothing more. Should the
// Spanish chunk fail, the page shows in English rather than not at all.
if (!import.meta.env.SSR && chosenLanguage() === "es") {
  await loadPortalLanguage().catch(() => undefined);
}

/**
 * A link from the app to a path it has no page for (a public page of the site, the IMU demo
 * among them, ADR 0064, ADR 0080, or an unknown path) loads that path from the server, which
 * sends the site's page or its not-found page with status 404.
 */
export async function clientLoader({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  if (pathname !== window.location.pathname) {
    window.location.assign(request.url);
    // The document is being replaced: this navigation never settles in the app.
    await new Promise<never>(() => {});
  }
  return null;
}

export const meta = () => [
  { title: `${i18next.t("notFound.title")} · ${i18next.t("brand.name")}` },
  { name: "robots", content: "noindex" },
];

/**
 * Not-found page (docs/product.md#2-pages): centred card, red icon, the "404 Page Not Found"
 * heading, a short text, and a link home, inside the site header and footer (the static site's,
 * given by its 404 pages, ADR 0063, ADR 0080).
 */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
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
              <a href={localize("/")}>{t("notFound.home")}</a>
            </Button>
          </CardContent>
        </Card>
      </main>
    </SitePage>
  );
}
