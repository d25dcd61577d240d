import type { Language } from "@common/languages";
import heroPhoneEn from "../../../public/media/hero-phone.svg?raw";
import heroPhoneEs from "../../../public/media/hero-phone-es.svg?raw";

/**
 * The landing hero's phone artwork in each page language (public/media/hero-phone*.svg, written by
 * scripts/generate-artwork.mjs) as `data:` URLs, `data:image/svg+xml,<percent-encoded SVG>` (about
 * 1 KB compressed each), written into the HTML: on a phone the image was the one request besides
 * the font, stylesheet and script that the landing page started before its heading paints, and
 * each shares the throttled link with the font (as the brand mark, ADR 0067). The files stay in
 * public/ for the Open Graph image (scripts/render-og-image.mjs).
 */
export const HERO_PHONE_URLS = {
  en: `data:image/svg+xml,${encodeURIComponent(heroPhoneEn.trim())}`,
  es: `data:image/svg+xml,${encodeURIComponent(heroPhoneEs.trim())}`,
} satisfies Record<Language, string>;
