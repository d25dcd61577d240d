/**
 * The privacy notice of the public forms (docs/product.md#11-lead-attribution-and-privacy-notice): the Get Started
 * lead form and the store-demo registration state what is done with the data, link to the
 * notice, and the stored lead or registration records which version of it the person saw.
 * The notice's words are in the catalogs (`privacy.*`, English and Spanish).
 */

/**
 * Every published version of the notice, oldest first; the last is the one the site shows. A
 * version is the date it took effect. Publishing a changed notice appends a new date here (and
 * changes the catalog texts); older versions stay, since a page loaded before the change still
 * sends the version it showed.
 */
export const PRIVACY_NOTICE_VERSIONS = ["2026-11-26"] as const;
export type PrivacyNoticeVersion = (typeof PRIVACY_NOTICE_VERSIONS)[number];

/** The version the forms show now. */
export const PRIVACY_NOTICE_VERSION: PrivacyNoticeVersion = PRIVACY_NOTICE_VERSIONS[
  PRIVACY_NOTICE_VERSIONS.length - 1
] as PrivacyNoticeVersion;

/** Path of the notice page per language (the Spanish page under `/es`, ADR 0022). */
export const PRIVACY_NOTICE_PATHS = { en: "/privacy", es: "/es/privacy" } as const;

/** Where people write about their data (the notice's contact paragraph, `privacy.contact`). */
export const PRIVACY_CONTACT_EMAIL = "privacy@aisleiq.com";
