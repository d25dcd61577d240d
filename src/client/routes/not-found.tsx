import { AlertCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { i18next } from "~/lib/i18n";

export const meta = () => [
  { title: `${i18next.t("notFound.title")} · ${i18next.t("brand.name")}` },
  { name: "robots", content: "noindex" },
];

/** Not-found page (spec §2): centred card, red icon, the spec's heading and text, and a link home. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t("notFound.text")}</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/">{t("notFound.home")}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
