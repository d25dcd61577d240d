/**
 * Links into the admin dashboard's inboxes (ADR 0056): the notice emails to the team link to the
 * record they announce as the inbox searched for the submitter's address (the search covers
 * email). The Leads section reads `leadsSearch`, Demo Registrations `registrationsSearch`, as
 * the search box's first value.
 */
export const INBOX_SEARCH_PARAMS = {
  leads: "leadsSearch",
  "demo-registrations": "registrationsSearch",
} as const;
export type InboxSection = keyof typeof INBOX_SEARCH_PARAMS;

/**
 * The link to a record in an admin inbox, e.g.
 * `https://aisleiq.com/admin/dashboard?leadsSearch=ana%40example.com#section-leads`.
 * @param publicUrl PUBLIC_URL
 * @param section the dashboard section (its anchor is `#section-<section>`)
 * @param email the address the record was submitted with
 */
export function inboxUrl(publicUrl: string, section: InboxSection, email: string): string {
  const url = new URL("/admin/dashboard", publicUrl);
  url.searchParams.set(INBOX_SEARCH_PARAMS[section], email);
  url.hash = `section-${section}`;
  return url.toString();
}
