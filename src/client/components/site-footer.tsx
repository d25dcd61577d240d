import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "@common/languages";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { switchLanguage, useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/react-i18n";
import { BrandLogo } from "./brand-logo";
import { SectionLink } from "./section-link";
import { useSiteChromeSlot } from "./site-chrome-slots";
import { FOOTER_COLUMNS, type FooterLinkSpec, SOCIAL } from "./site-footer-links";
import { NativeSelect } from "./ui/native-select";

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
