import { intlLocale } from "@common/languages";
import { PRIVACY_CONTACT_EMAIL, PRIVACY_NOTICE_VERSION } from "@common/privacy";
import { SitePage } from "~/components/site-page";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The notice's sections in reading order: each `title` key is an `<h2>`, its `items` the
 * paragraphs under it (keys of `privacy.*`, src/client/locales/en-privacy.ts). A section whose
 * `list` is true shows its items as a bulleted list: separate facts, not one argument.
 */
const SECTIONS: readonly { title: string; items: readonly string[]; list: boolean }[] = [
  {
    title: "collectTitle",
    items: ["collectLead", "collectDemo", "collectVisit", "collectNotice", "collectLogs"],
    list: true,
  },
  { title: "whyTitle", items: ["whyLead", "whyDemo", "whyVisit", "whyEmail"], list: true },
  { title: "whoTitle", items: ["whoTeam", "whoCrm", "whoProviders", "whoNobodyElse"], list: true },
  { title: "retentionTitle", items: ["retention", "retentionLogs"], list: false },
];

/** Stands for a placeholder while a sentence is cut around the element that shows its value. */
const SLOT = "\u0000";

/**
 * The notice's version (a date, `YYYY-MM-DD`, src/common/privacy.ts) as the reader's language
 * writes a date: "November 26, 2026", "26 de noviembre de 2026" (es-US, ADR 0040). Read as a
 * calendar date in UTC, so no time zone moves it to the day before.
 * @param version a version of `PRIVACY_NOTICE_VERSIONS`
 * @param language "en" | "es"
 */
export function formatNoticeVersion(version: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${version}T00:00:00Z`),
  );
}

/**
 * The privacy notice page, `/privacy` and `/es/privacy`
 * (docs/product.md#11-lead-attribution-and-privacy-notice): inside the site header (skip link
 * first) and footer, the `<h1>`, the version the forms record (`PRIVACY_NOTICE_VERSION`, as a
 * `<time>`), the introduction, then one `<h2>` section each for what is collected, why, who
 * receives it, how long it is kept and how to reach us, the contact address as a mail link.
 * Every text comes from the `privacy.*` catalog of the page's language.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // The texts around the version's <time> and the contact address's link.
  const [beforeVersion = "", afterVersion = ""] = t("privacy.version", { version: SLOT }).split(SLOT);
  const [beforeEmail = "", afterEmail = ""] = t("privacy.contact", { email: SLOT }).split(SLOT);

  return (
    <SitePage>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <article className="grid gap-10 text-base leading-7 text-slate-700">
          <header className="grid gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl">
              {t("privacy.title")}
            </h1>
            <p className="text-sm text-muted-foreground">
              {/* The version each stored lead and registration records (src/common/privacy.ts). */}
              {beforeVersion}
              <time dateTime={PRIVACY_NOTICE_VERSION}>
                {formatNoticeVersion(PRIVACY_NOTICE_VERSION, language)}
              </time>
              {afterVersion}
            </p>
            <p className="text-lg leading-8">{t("privacy.intro")}</p>
          </header>
          {SECTIONS.map((section) => (
            <section key={section.title} className="grid gap-3">
              <h2 className="text-xl font-semibold text-slate-950">{t(`privacy.${section.title}`)}</h2>
              {section.list ? (
                <ul className="grid list-disc gap-2 pl-6 marker:text-slate-400">
                  {section.items.map((item) => (
                    <li key={item} className="break-words">
                      {t(`privacy.${item}`)}
                    </li>
                  ))}
                </ul>
              ) : (
                section.items.map((item) => <p key={item}>{t(`privacy.${item}`)}</p>)
              )}
            </section>
          ))}
          <section className="grid gap-3">
            <h2 className="text-xl font-semibold text-slate-950">{t("privacy.contactTitle")}</h2>
            <p>
              {beforeEmail}
              <a
                href={`mailto:${PRIVACY_CONTACT_EMAIL}`}
                className="rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {PRIVACY_CONTACT_EMAIL}
              </a>
              {afterEmail}
            </p>
          </section>
        </article>
      </main>
    </SitePage>
  );
}
