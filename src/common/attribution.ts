/**
 * Lead attribution (docs/product.md#11-lead-attribution-and-privacy-notice): where the visit that sent a Get Started
 * lead came from. The client keeps the visit's first landing (src/client/lib/attribution.ts), the
 * form sends it, the server validates it with the same caps (`leadBodySchema`) and stores it.
 * No imports: the page shell loads this before anything else.
 */

/** The UTM parameters read from the landing page's URL, by their query names (Google's standard). */
export const UTM_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/** Where a visit came from, as the API carries it (camelCase JSON, like every body). */
export interface Attribution {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  /** The referring page: scheme, host and path only (its query and fragment may hold personal data). */
  referrer?: string;
  /** Path of the visit's first page on this site, e.g. `/calculator` or `/es`. */
  landingPath?: string;
}

/** The API field of each UTM parameter. */
export const UTM_FIELDS: Record<UtmParameter, keyof Attribution> = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
};

/**
 * Longest value of each field, in characters: a UTM value 200 (campaign names are short; GA4
 * truncates at 100), a referrer or landing path 1000 (well past any real page address).
 */
export const ATTRIBUTION_MAX = {
  utm: 200,
  referrer: 1000,
  landingPath: 1000,
} as const;

/** True when `value` holds a C0 control character or DEL (never part of a URL parameter we keep). */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A UTM value as stored: trimmed, at most {@link ATTRIBUTION_MAX}.utm characters, no control characters. */
export function cleanUtm(value: string | null | undefined): string | undefined {
  const text = value?.trim().slice(0, ATTRIBUTION_MAX.utm).trim();
  return text && !hasControl(text) ? text : undefined;
}

/**
 * The referrer as stored: an absolute `http(s)` URL cut to its origin and path (no query, no
 * fragment, no credentials), at most {@link ATTRIBUTION_MAX}.referrer characters; undefined for
 * anything else (an empty referrer, `android-app://…`).
 */
export function cleanReferrer(value: string | null | undefined): string | undefined {
  if (!value || value.length > 4 * ATTRIBUTION_MAX.referrer) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const text = `${url.origin}${url.pathname}`;
  return text.length <= ATTRIBUTION_MAX.referrer && !hasControl(text) ? text : undefined;
}

/** A landing path as stored: starts with one `/`, no query or fragment, at most {@link ATTRIBUTION_MAX}.landingPath. */
export function cleanLandingPath(value: string | null | undefined): string | undefined {
  const path = value?.split(/[?#]/, 1)[0];
  if (!path?.startsWith("/") || path.startsWith("//")) return undefined;
  return path.length <= ATTRIBUTION_MAX.landingPath && !hasControl(path) ? path : undefined;
}

/**
 * The attribution of one landing: the UTM parameters of its query string, the referrer and the
 * path, each cleaned as above; fields the visit did not have are left out.
 * @param search the landing URL's query string, e.g. `?utm_source=newsletter`
 * @param referrer `document.referrer` ("" when none)
 * @param path the landing URL's path
 */
export function attributionOf(search: string, referrer: string, path: string): Attribution {
  const params = new URLSearchParams(search);
  const result: Attribution = {};
  for (const name of UTM_PARAMETERS) {
    const value = cleanUtm(params.get(name));
    if (value) result[UTM_FIELDS[name]] = value;
  }
  const from = cleanReferrer(referrer);
  if (from) result.referrer = from;
  const landing = cleanLandingPath(path);
  if (landing) result.landingPath = landing;
  return result;
}
