import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandLogo } from "~/components/brand-logo";
import { Button } from "~/components/ui/button";
import { i18next } from "~/lib/i18n";

export const meta = () => [
  { title: i18next.t("brand.title") },
  { name: "description", content: i18next.t("brand.description") },
];

/** Home: the hero headline and the way into the account portal. The full landing page is issue #4. */
export default function HomeRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-secondary/70 via-background to-background">
      <header className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between px-4 sm:px-6">
        <BrandLogo />
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/login">{t("home.signIn")}</Link>
        </Button>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col justify-center px-4 py-16 sm:px-6"
      >
        <p className="font-semibold text-primary">{t("home.introducing")}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {t("home.headline")}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{t("brand.description")}</p>
        <div className="mt-10">
          <Button asChild size="lg">
            <Link to="/admin/login">{t("home.signIn")}</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
