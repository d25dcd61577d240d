import { count, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Lead, type LeadRequest, normalizeLeadPhone } from "../../common/api/leads";
import type { Language } from "../../common/languages";
import { LEAD_CONFIRMATIONS_PER_RECIPIENT, RECIPIENT_CAP_WINDOW_MS } from "../../common/limits";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { leads } from "../db/schema";
import { csvDocument } from "../http/csv";
import { enqueueEmail } from "../mail/outbox";
import { underRecipientCap } from "../mail/recipient-cap";
import { leadConfirmationEmail, leadNoticeEmail } from "./emails";

/**
 * Stores a Get Started lead and, in the same transaction, queues the notice to SALES_EMAIL and
 * the confirmation to the visitor (at most {@link LEAD_CONFIRMATIONS_PER_RECIPIENT} per address a
 * day, ADR 0034) (docs/architecture.md#data-and-reliability-rules: nothing a visitor submits is lost; SMTP
 * being down only delays mail).
 * @param lead a body already validated with `leadBodySchema` (trimmed values)
 * @param language the visitor's language, stored and used for their confirmation (ADR 0025)
 * @returns the new lead's id
 */
export async function createLead(
  db: Database,
  config: AppConfig,
  lead: LeadRequest,
  language: Language = "en",
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        firstName: lead.firstName,
        lastName: lead.lastName,
        company: lead.company,
        phone: lead.phone,
        phoneE164: normalizeLeadPhone(lead.phone),
        email: lead.email,
        planTitle: lead.planTitle,
        language,
      })
      .returning({ id: leads.id });
    if (!row) throw new Error("lead insert returned no row");
    await enqueueEmail(tx, {
      kind: "lead",
      to: config.SALES_EMAIL,
      ...leadNoticeEmail(lead, row.id, config.PUBLIC_URL),
    });
    // The visitor's confirmation is capped per address (ADR 0034): past the cap the lead and
    // the sales notice still go through, only the mail to a possibly forged address is skipped.
    if (
      await underRecipientCap(
        tx,
        "lead_confirmation",
        lead.email,
        LEAD_CONFIRMATIONS_PER_RECIPIENT,
        RECIPIENT_CAP_WINDOW_MS,
      )
    ) {
      await enqueueEmail(tx, {
        kind: "lead_confirmation",
        to: lead.email,
        ...leadConfirmationEmail(lead, language),
      });
    }
    return row.id;
  });
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function searchFilter(q: string | undefined): SQL | undefined {
  const query = q?.trim();
  if (!query) return undefined;
  const pattern = likePattern(query);
  return or(
    ilike(leads.firstName, pattern),
    ilike(leads.lastName, pattern),
    sql`(${leads.firstName} || ' ' || ${leads.lastName}) ilike ${pattern}`,
    ilike(leads.company, pattern),
    ilike(leads.email, pattern),
    ilike(leads.phone, pattern),
    ilike(leads.planTitle, pattern),
  );
}

/**
 * Leads newest first, optionally filtered by a case-insensitive search over name, company,
 * email, phone and plan.
 * @param options.limit most rows to return (undefined: all); options.offset rows to skip
 * @returns the page and the number of leads matching the search in all
 */
export async function listLeads(
  db: Database,
  options: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined },
): Promise<{ leads: Lead[]; total: number }> {
  const where = searchFilter(options.q);
  const query = db
    .select()
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .offset(options.offset ?? 0);
  const [rows, [totals]] = await Promise.all([
    options.limit === undefined ? query : query.limit(options.limit),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return {
    leads: rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      phone: row.phone,
      phoneE164: row.phoneE164,
      email: row.email,
      planTitle: row.planTitle,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.n ?? 0,
  };
}

/** The leads as CSV (RFC 4180, formula-safe cells), one row per lead, with a header row. */
export function leadsCsv(rows: Lead[]): string {
  return csvDocument(
    ["id", "receivedAt", "firstName", "lastName", "company", "email", "phone", "plan"],
    rows.map((row) => [
      String(row.id),
      row.createdAt,
      row.firstName,
      row.lastName,
      row.company,
      row.email,
      row.phone,
      row.planTitle,
    ]),
  );
}
