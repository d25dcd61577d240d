import { PRIVACY_NOTICE_PATHS } from "@common/privacy";
import { SITE_CONFIG } from "@common/site-config";

/*
 * The footer's link table and social marks (docs/product.md#2-pages "Footer") of the site's one
 * footer, SiteFooter.astro (ADR 0064, ADR 0080). Data only: no texts, no framework.
 */

/**
 * A footer link (docs/product.md#2-pages "Footer"): `label` is its text key; it goes to a landing
 * section (`section`), a page of the site (`to`, in the page's language), an outside app in a new
 * tab (`href`), or, with none of them, nowhere yet (a dead link back to the page content).
 */
export interface FooterLinkSpec {
  label: string;
  section?: string;
  to?: string;
  href?: string;
}

/** The Industries, Resources and Company columns, in order; `title` is the heading's key in `landing.footer`. */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly FooterLinkSpec[] }[] = [
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
export const SOCIAL = [
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
