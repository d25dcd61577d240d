import { DEFAULT_LANGUAGE, type Language } from "../../common/languages";
import { findLoginPortal, type LoginPortalId } from "../../common/login-portals";
import { findPage, PAGES, type Page, sitePages } from "../../common/pages";
import { findRetailerDemo, type RetailerDemo } from "../../common/retailer-demos";

/**
 * The static paths of the site's routes (src/site/pages/[...lang]/, ADR 0064), from the page list
 * (src/common/pages.ts): a route serves its page in each of the page's languages, English at the
 * plain path (`lang` undefined) and Spanish under `/es` (`lang` "es"; ADR 0022).
 */

/** The `lang` parameter of a `[...lang]` route for `language`: none for English, else its code. */
function langParam(language: Language): string | undefined {
  return language === DEFAULT_LANGUAGE ? undefined : language;
}

/**
 * `getStaticPaths` of the route of one page: one path per language of the page at English `path`
 * in `pages`, with its `language` as a prop; none when the list has no such page.
 * @param path the page's English path, e.g. `/calculator`
 * @param except languages another route builds (English `/404` is Astro's own 404.astro)
 */
export function languagePaths(
  path: string,
  except: readonly Language[] = [],
  pages: readonly Page[] = PAGES,
): { params: { lang: string | undefined }; props: { language: Language } }[] {
  const languages = findPage(path, pages)?.languages ?? [];
  return languages
    .filter((language) => !except.includes(language))
    .map((language) => ({ params: { lang: langParam(language) }, props: { language } }));
}

/** The props of one path of `[...lang]/[page].astro`: a store demo's page or a login portal's. */
export interface SegmentPageProps {
  language: Language;
  demo?: RetailerDemo;
  portal?: LoginPortalId;
}

/**
 * `getStaticPaths` of `[...lang]/[page].astro`: every store demo (`demo`) and login portal
 * (`login-portal`) of `pages`, in each of its languages.
 */
export function segmentPagePaths(
  pages: readonly Page[] = PAGES,
): { params: { lang: string | undefined; page: string }; props: SegmentPageProps }[] {
  return sitePages(pages)
    .filter((page) => page.kind === "demo" || page.kind === "login-portal")
    .flatMap((page) =>
      page.languages.map((language) => ({
        params: { lang: langParam(language), page: page.path.slice(1) },
        props:
          page.kind === "demo"
            ? { language, demo: findRetailerDemo(page.path.slice(1)) }
            : { language, portal: findLoginPortal(page.path)?.id },
      })),
    );
}
