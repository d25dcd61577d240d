/**
 * Date formatting for the portal in the reader's language: "Nov 21, 2026" or, with time,
 * "Nov 21, 2026, 3:04 PM".
 * @param iso an ISO 8601 timestamp
 */
export function formatDate(iso: string, language: string, withTime = false): string {
  return new Intl.DateTimeFormat(
    language,
    withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(new Date(iso));
}
