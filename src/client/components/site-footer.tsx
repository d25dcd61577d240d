import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "@common/languages";
import { PRIVACY_NOTICE_PATHS } from "@common/privacy";
import { SITE_CONFIG } from "@common/site-config";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { switchLanguage, useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { BrandLogo } from "./brand-logo";
import { SectionLink } from "./section-link";
import { useSiteChromeSlot } from "./site-chrome-slots";
import { NativeSelect } from "./ui/native-select";

/**
 * A footer link (docs/product.md#2-pages "Footer"): `label` is its text key; it goes to a landing
 * section (`section`), a page of the site (`to`, in the current language), an outside app in a new
 * tab (`href`), or, with none of them, nowhere yet (a dead link back to the page content).
 */
interface FooterLinkSpec {
  label: string;
  section?: string;
  to?: string;
  href?: string;
}

/** The Industries, Resources and Company columns, in order; `title` is the heading's key in `landing.footer`. */
const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLinkSpec[] }[] = [
  {
    title: "industries",
    links: ["retail", "convenience", "grocery", "hospitality", "stadiums"].map((key) => ({
      label: `landing.industries.${key}`,
      section: "industries",
    })),
  },
  {
    title: "resources",
    links: [
      { label: "landing.footer.pricing", section: "pricing" },
      { label: "landing.footer.plugins", to: "/plugins-login" },
      { label: "landing.footer.developers", to: "/developer-api-login" },
      { label: "landing.footer.channelPartner", href: SITE_CONFIG.channelPartnerUrl },
    ],
  },
  {
    title: "company",
    links: [
      ...["about", "contact", "careers"].map((key) => ({ label: `landing.footer.${key}` })),
      // The notice the forms link to (docs/product.md#11-lead-attribution-and-privacy-notice), reachable from every page.
      { label: "landing.footer.privacy", to: PRIVACY_NOTICE_PATHS.en },
    ],
  },
];

/** Simple monochrome social marks (24×24 paths), drawn for this site. */
const SOCIAL = [
  {
    key: "linkedin",
    path: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.06c.53-1 1.83-1.8 3.77-1.8 4.03 0 4.37 2.5 4.37 5.7v5.6h-4v-4.9c0-1.2 0-2.8-1.7-2.8s-2.3 1.3-2.3 2.7v5H9.5v-11Z",
  },
  {
    key: "x",
    path: "M17.75 3h3.07l-6.72 7.68L22 21h-6.19l-4.85-6.34L5.4 21H2.33l7.19-8.21L2 3h6.35l4.38 5.79L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.58l11.1 14.48Z",
  },
  {
    key: "youtube",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.77-1.77C18.27 5 12 5 12 5s-6.27 0-7.83.43A2.5 2.5 0 0 0 2.4 7.2C2 8.77 2 12 2 12s0 3.23.4 4.8a2.5 2.5 0 0 0 1.77 1.77C5.73 19 12 19 12 19s6.27 0 7.83-.43a2.5 2.5 0 0 0 1.77-1.77C22 15.23 22 12 22 12s0-3.23-.4-4.8ZM10 15.1V8.9l5.2 3.1-5.2 3.1Z",
  },
  {
    key: "instagram",
    path: "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM12 3.6c2.7 0 3 0 4.1.06 2.7.12 4 1.42 4.1 4.1.06 1.1.06 1.4.06 4.1s0 3-.06 4.1c-.12 2.7-1.4 4-4.1 4.1-1.1.06-1.4.06-4.1.06s-3 0-4.1-.06c-2.7-.12-4-1.42-4.1-4.1C3.6 15 3.6 14.7 3.6 12s0-3 .06-4.1c.12-2.7 1.42-4 4.1-4.1C8.9 3.6 9.3 3.6 12 3.6ZM12 2c-2.7 0-3.1 0-4.2.06C4.2 2.2 2.2 4.2 2.06 7.8 2 8.9 2 9.3 2 12s0 3.1.06 4.2c.17 3.6 2.1 5.6 5.74 5.74C8.9 22 9.3 22 12 22s3.1 0 4.2-.06c3.6-.17 5.6-2.1 5.74-5.74C22 15.1 22 14.7 22 12s0-3.1-.06-4.2C21.8 4.2 19.8 2.2 16.2 2.06 15.1 2 14.7 2 12 2Z",
  },
] as const;

/** Company (but the privacy notice) and social links are dead links for now (docs/product.md#2-pages): they only return to the page content. */
const DEAD_LINK = "#main";

const linkClass =
  "inline-flex min-h-11 items-center rounded-sm text-sm text-slate-600 transition-colors hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:min-h-9";

/**
 * The public site footer (docs/product.md#2-pages, "Footer"): Industries, Resources and Company
 * columns, a language select (switches language, ADR 0022), social icons (linking nowhere yet) and
 * the copyright line with the current year. Hidden on /accelerometer.
 */
export function SiteFooter() {
  // The static pages render their own footer (SiteFooter.astro) and pass it here.
  const staticFooter = useSiteChromeSlot("footer");
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const languageId = useId();
  const { language } = useLanguage();
  if (pathname.toLowerCase().includes("accelerometer")) return null;
  if (staticFooter) return staticFooter;
  const year = new Date().getFullYear();

  return (
    <footer className="border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto grid w-full max-w-[1200px] gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="grid content-start gap-4">
          <BrandLogo />
          <p className="max-w-xs text-sm text-slate-600">{t("landing.footer.tagline")}</p>
          <div className="grid max-w-48 gap-2">
            <label htmlFor={languageId} className="text-sm font-medium text-slate-700">
              {t("landing.footer.language")}
            </label>
            {/* Choosing a language loads this page in it and remembers the choice (ADR 0022). */}
            <NativeSelect
              id={languageId}
              value={language}
              onChange={(event) => {
                const value = event.target.value;
                if (isLanguage(value) && value !== language) switchLanguage(value);
              }}
            >
              {LANGUAGES.map((option) => (
                <option key={option} value={option} lang={option}>
                  {LANGUAGE_NAMES[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{t(`landing.footer.${column.title}`)}</h2>
            <ul className="mt-3 grid gap-1">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex w-full max-w-[1200px] flex-col-reverse items-start justify-between gap-4 px-4 py-6 sm:flex-row sm:items-center sm:px-6">
          <p className="text-sm text-slate-600">{t("landing.footer.copyright", { year })}</p>
          <ul aria-label={t("landing.footer.social")} className="flex gap-1">
            {SOCIAL.map((item) => (
              <li key={item.key}>
                {/* Dead links, per docs/product.md#2-pages. */}
                <a
                  href={DEAD_LINK}
                  className="inline-flex size-11 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
                    <path d={item.path} />
                  </svg>
                  <span className="sr-only">{t(`landing.footer.${item.key}`)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** One footer link: its text, then `section`, `to` or `href` when it has one (see {@link FooterLinkSpec}). */
function FooterLink({ link }: { link: FooterLinkSpec }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const text = t(link.label);
  if (link.section)
    return (
      <SectionLink section={link.section} className={linkClass}>
        {text}
      </SectionLink>
    );
  if (link.to)
    return (
      <Link to={localize(link.to)} className={linkClass}>
        {text}
      </Link>
    );
  if (link.href)
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {text}
        <span className="sr-only"> {t("landing.nav.opensInNewTab")}</span>
      </a>
    );
  // Dead links, per docs/product.md#2-pages.
  return (
    <a href={DEAD_LINK} className={linkClass}>
      {text}
    </a>
  );
}
