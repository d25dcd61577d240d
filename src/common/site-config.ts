/**
 * Site configuration (docs/architecture.md#configuration; ADR 0008): the brand name
 * and every external URL the marketing site links to, loads or frames. The client reads it to
 * render links and load third-party widgets; the server derives its Content-Security-Policy
 * additions from the same values ({@link thirdPartyHosts}), so the two cannot drift.
 *
 * These are build-time constants: the pages are prerendered, so changing one means rebuilding.
 */
export interface SiteConfig {
  /** Product name shown in the header, footer and titles. */
  brandName: string;
  /** Public origin of the marketing site, used for canonical and Open Graph URLs. */
  siteUrl: string;
  /** Jobs board page embedded in the Jobs modal iframe (docs/product.md#2-pages "Jobs modal"). */
  jobsBoardUrl: string;
  /** Booking page shown by the booking widget, 1-hour meeting (docs/product.md#4-states "Events", #9-constants). */
  bookingUrl: string;
  /** Script of the booking widget, loaded only when Book a Meeting is chosen. */
  bookingWidgetScriptUrl: string;
  /** Video-call site opened in a new tab by Instant Meeting. */
  videoCallUrl: string;
  /** The Pro Connect app (Sign In menu). */
  proConnectUrl: string;
  /** The Channel Partner app (Sign In menu and footer Resources). */
  channelPartnerUrl: string;
  /**
   * The CFPB's "A Summary of Your Rights Under the Fair Credit Reporting Act", linked from the
   * pre-adverse and final adverse-action notices (ADR 0083).
   */
  fcraRightsSummaryUrl: string;
}

export const SITE_CONFIG: SiteConfig = {
  brandName: "AisleIQ",
  siteUrl: "https://aisleiq.com",
  jobsBoardUrl: "https://jobs.ashbyhq.com/aisleiq?embed=js",
  bookingUrl: "https://calendly.com/aisleiq/1-hour-meeting",
  bookingWidgetScriptUrl: "https://assets.calendly.com/assets/external/widget.js",
  videoCallUrl: "https://meet.jit.si/AisleIQ-Instant-Meeting",
  proConnectUrl: "https://pro.aisleiq.com",
  channelPartnerUrl: "https://partners.aisleiq.com",
  fcraRightsSummaryUrl:
    "https://files.consumerfinance.gov/f/documents/bcfp_consumer-rights-summary_2018-09.pdf",
};

/** The origin (`https://host`) of a URL. */
function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The third-party origins the Content-Security-Policy must allow (ADR 0008): frames for the jobs
 * board and the booking widget's iframe, the booking widget's script, and the Jobs modal's
 * reachability probe of the jobs board (connect).
 * @returns origins grouped by CSP directive
 */
export function thirdPartyHosts(config: SiteConfig = SITE_CONFIG): {
  frameSrc: string[];
  scriptSrc: string[];
  connectSrc: string[];
} {
  return {
    frameSrc: [...new Set([originOf(config.jobsBoardUrl), originOf(config.bookingUrl)])],
    scriptSrc: [originOf(config.bookingWidgetScriptUrl)],
    // The Jobs modal's reachability probe (an opaque no-cors GET, no credentials).
    connectSrc: [originOf(config.jobsBoardUrl)],
  };
}
