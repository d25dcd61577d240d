import { intlLocale } from "@common/languages";

/**
 * Date formatting for the portal in the reader's language: "Nov 21, 2026" or, with time,
 * "Nov 21, 2026, 3:04 PM".
 * Spanish uses the es-US locale, as every number and date of the site (ADR 0040).
 * @param iso an ISO 8601 timestamp
 * @param language "en", "es" (or another BCP 47 tag)
 */
export function formatDate(iso: string, language: string, withTime = false): string {
  return new Intl.DateTimeFormat(
    intlLocale(language),
    withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(new Date(iso));
}
