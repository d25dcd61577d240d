import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Lead, type LeadFacets, type LeadRequest, normalizeLeadPhone } from "../../common/api/leads";
import type { Language } from "../../common/languages";
import { LEAD_CONFIRMATIONS_PER_RECIPIENT, RECIPIENT_CAP_WINDOW_MS } from "../../common/limits";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { leads } from "../db/schema";
import { csvDocument } from "../http/csv";
import { enqueueEmail } from "../mail/outbox";
import { underRecipientCap } from "../mail/recipient-cap";
import { enqueueWebhook } from "../webhooks/service";
import { leadConfirmationEmail, leadNoticeEmail } from "./emails";

/** An optional text as stored: null when absent or empty. */
const orNull = (value: string | undefined): string | null => (value ? value : null);

/**
 * Stores a Get Started lead with its attribution and the privacy notice version the form showed
 * and, in the same transaction, queues the notice to SALES_EMAIL, the confirmation to the visitor
 * (at most {@link LEAD_CONFIRMATIONS_PER_RECIPIENT} per address a day, ADR 0034) and, when
 * LEAD_WEBHOOK_URL is set, the CRM webhook's delivery (ADR 0051)
 * (docs/architecture.md#data-and-reliability-rules: nothing a visitor submits is lost; SMTP or
 * the CRM being down only delays delivery).
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
        utmSource: orNull(lead.utmSource),
        utmMedium: orNull(lead.utmMedium),
        utmCampaign: orNull(lead.utmCampaign),
        utmTerm: orNull(lead.utmTerm),
        utmContent: orNull(lead.utmContent),
        referrer: orNull(lead.referrer),
        landingPath: orNull(lead.landingPath),
        privacyNoticeVersion: lead.privacyNoticeVersion ?? null,
      })
      .returning();
    if (!row) throw new Error("lead insert returned no row");
    const stored = toLead(row);
    await enqueueWebhook(
      tx,
      config,
      "lead.created",
      `Lead ${row.id}: ${row.firstName} ${row.lastName} (${row.company})`,
      { ...stored, language: row.language },
    );
    await enqueueEmail(tx, { kind: "lead", to: config.SALES_EMAIL, ...leadNoticeEmail(lead, row.id) });
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
    ilike(leads.utmSource, pattern),
    ilike(leads.utmMedium, pattern),
    ilike(leads.utmCampaign, pattern),
    ilike(leads.utmTerm, pattern),
    ilike(leads.utmContent, pattern),
    ilike(leads.referrer, pattern),
    ilike(leads.landingPath, pattern),
  );
}

/** How the inbox is filtered: the search text and exact UTM source, medium and campaign. */
export interface LeadFilter {
  q?: string | undefined;
  utm_source?: string | undefined;
  utm_medium?: string | undefined;
  utm_campaign?: string | undefined;
}

function leadFilter(filter: LeadFilter): SQL | undefined {
  return and(
    searchFilter(filter.q),
    filter.utm_source ? eq(leads.utmSource, filter.utm_source) : undefined,
    filter.utm_medium ? eq(leads.utmMedium, filter.utm_medium) : undefined,
    filter.utm_campaign ? eq(leads.utmCampaign, filter.utm_campaign) : undefined,
  );
}

/** One stored lead as the API shows it. */
function toLead(row: typeof leads.$inferSelect): Lead {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    phone: row.phone,
    phoneE164: row.phoneE164,
    email: row.email,
    planTitle: row.planTitle,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    utmTerm: row.utmTerm,
    utmContent: row.utmContent,
    referrer: row.referrer,
    landingPath: row.landingPath,
    privacyNoticeVersion: row.privacyNoticeVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Most values per attribution filter the inbox offers. */
const FACET_VALUES_MAX = 50;

/** The stored UTM source, medium and campaign values, most used first, for the inbox's filter lists. */
export async function leadFacets(db: Database): Promise<LeadFacets> {
  const values = async (column: AnyPgColumn) => {
    const rows = await db
      .select({ value: sql<string>`${column}` })
      .from(leads)
      .where(isNotNull(column))
      .groupBy(column)
      .orderBy(desc(count()), column)
      .limit(FACET_VALUES_MAX);
    return rows.map((row) => row.value);
  };
  const [utmSource, utmMedium, utmCampaign] = await Promise.all([
    values(leads.utmSource),
    values(leads.utmMedium),
    values(leads.utmCampaign),
  ]);
  return { utmSource, utmMedium, utmCampaign };
}

/**
 * Leads newest first, optionally filtered by a case-insensitive search over name, company,
 * email, phone, plan and attribution, and by exact UTM source, medium and campaign.
 * @param options.limit most rows to return (undefined: all); options.offset rows to skip
 * @returns the page and the number of leads matching the filter in all
 */
export async function listLeads(
  db: Database,
  options: LeadFilter & { limit?: number | undefined; offset?: number | undefined },
): Promise<{ leads: Lead[]; total: number }> {
  const where = leadFilter(options);
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
  return { leads: rows.map(toLead), total: totals?.n ?? 0 };
}

/**
 * The leads as CSV (RFC 4180, formula-safe cells), one row per lead, with a header row; the
 * attribution columns carry the UTM parameters' own names.
 */
export function leadsCsv(rows: Lead[]): string {
  return csvDocument(
    [
      "id",
      "receivedAt",
      "firstName",
      "lastName",
      "company",
      "email",
      "phone",
      "plan",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "referrer",
      "landingPath",
      "privacyNoticeVersion",
    ],
    rows.map((row) => [
      String(row.id),
      row.createdAt,
      row.firstName,
      row.lastName,
      row.company,
      row.email,
      row.phone,
      row.planTitle,
      row.utmSource ?? "",
      row.utmMedium ?? "",
      row.utmCampaign ?? "",
      row.utmTerm ?? "",
      row.utmContent ?? "",
      row.referrer ?? "",
      row.landingPath ?? "",
      row.privacyNoticeVersion ?? "",
    ]),
  );
}
