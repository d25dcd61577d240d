import faviconSvg from "../../../public/favicon.svg?raw";

/**
 * The brand mark (public/favicon.svg) as a `data:` URL, for the page's icon link and the logo in
 * the header and footer. Written into the HTML, it costs no request: on a throttled phone every
 * request made before the first paint delays the largest paint (Lighthouse counts each among
 * its dependencies), and the mark was two (the logo image and the browser's icon fetch) for
 * about 0.1 s of LCP on `/calculator`. The file stays in public/ for the portal and for
 * anything that links it. Output: `data:image/svg+xml,<percent-encoded SVG>` (about 0.6 KB).
 */
export const BRAND_MARK_URL = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;
