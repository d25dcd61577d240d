/**
 * Retailer store demos (docs/product.md#2-pages "Demo registration page", ADR 0006). Each demo is configured
 * data: the page lives at `/<slug>`, registrations must use an address at `emailDomain`, and the
 * Thank You view links the app-runner download pages. The server may override the domain and
 * the download URLs of a demo from the environment (see `server/demo-registrations/config.ts`).
 */

/** A partner logo shown at the top of the registration page: a simple wordmark. */
export interface PartnerLogo {
  /** Accessible name of the logo, e.g. "Schnucks". */
  name: string;
  /** Path of an SVG under `public/`, e.g. `/partners/schnucks.svg`. */
  src: string;
}

/** One retailer's store demo. */
export interface RetailerDemo {
  /** URL slug: the page is at `/<slug>` and the API at `POST /api/demo-registrations/<slug>`. */
  slug: string;
  /** Retailer name, e.g. "Schnucks". */
  retailerName: string;
  /** Store taking part in the demo, e.g. "Twin Oaks". */
  storeName: string;
  /** Company email domain, lower case, without '@'; registrant addresses must end with `@domain`. */
  emailDomain: string;
  /** Logos at the top of the page, in order. */
  partnerLogos: PartnerLogo[];
  /** App-runner download page for Android (encoded in the Thank You view's QR code). */
  androidUrl: string;
  /** App-runner download page for iOS (encoded in the Thank You view's QR code). */
  iosUrl: string;
}

/** The demo links that an operator may override per environment (server config). */
export type RetailerDemoOverrides = Partial<Pick<RetailerDemo, "emailDomain" | "androidUrl" | "iosUrl">>;

/** The configured demos. Slugs are unique and must not collide with other routes. */
export const RETAILER_DEMOS: readonly RetailerDemo[] = [
  {
    slug: "schnucks",
    retailerName: "Schnucks",
    storeName: "Twin Oaks",
    emailDomain: "schnucks.com",
    partnerLogos: [
      { name: "AisleIQ", src: "/partners/aisleiq.svg" },
      { name: "Schnucks", src: "/partners/schnucks.svg" },
    ],
    androidUrl: "https://appdistribution.firebase.dev/i/aisleiq-schnucks-android",
    iosUrl: "https://testflight.apple.com/join/aisleiq-schnucks",
  },
];

/** The demo behind `POST /api/send-schnucks-demo-email` (docs/product.md#7-api). */
export const DEFAULT_DEMO_SLUG = "schnucks";

/**
 * Looks up a demo by slug (case-sensitive, as URL paths are).
 * @returns the demo, or undefined when no demo has that slug
 */
export function findRetailerDemo(
  slug: string,
  demos: readonly RetailerDemo[] = RETAILER_DEMOS,
): RetailerDemo | undefined {
  return demos.find((demo) => demo.slug === slug);
}

/**
 * Applies overrides to a demo; undefined or empty values keep the configured ones. The domain
 * is trimmed, lower-cased and stripped of a leading '@'.
 */
export function withOverrides(demo: RetailerDemo, overrides: RetailerDemoOverrides): RetailerDemo {
  const domain = overrides.emailDomain?.trim().replace(/^@/, "").toLowerCase();
  return {
    ...demo,
    emailDomain: domain || demo.emailDomain,
    androidUrl: overrides.androidUrl?.trim() || demo.androidUrl,
    iosUrl: overrides.iosUrl?.trim() || demo.iosUrl,
  };
}
