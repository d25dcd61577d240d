import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { DemoRegistration, DemoRegistrationBody } from "../../common/api/demo-registrations";
import { ERROR_CODES } from "../../common/api/errors";
import { validateRegistration } from "../../common/demo-registration";
import type { Language } from "../../common/languages";
import { RECIPIENT_CAP_WINDOW_MS, REGISTRATION_CONFIRMATIONS_PER_RECIPIENT } from "../../common/limits";
import {
  DEFAULT_DEMO_SLUG,
  findRetailerDemo,
  RETAILER_DEMOS,
  type RetailerDemo,
  withOverrides,
} from "../../common/retailer-demos";
import type { AppConfig } from "../config";
import { badRequest, conflict, notFound } from "../core/errors";
import type { Database } from "../db/database";
import { demoRegistrations } from "../db/schema";
import { csvDocument } from "../http/csv";
import { enqueueEmail } from "../mail/outbox";
import { underRecipientCap } from "../mail/recipient-cap";
import { enqueueWebhook } from "../webhooks/service";
import { registrationConfirmationEmail, registrationNoticeEmail } from "./emails";

/**
 * The demo at `slug` with this server's overrides applied: DEMO_EMAIL_DOMAIN, DEMO_ANDROID_URL
 * and DEMO_IOS_URL change the default demo (`schnucks`) only.
 * @throws HttpError 404 NOT_FOUND when no demo has that slug
 */
export function resolveDemo(config: AppConfig, slug: string): RetailerDemo {
  const demo = findRetailerDemo(slug, RETAILER_DEMOS);
  if (!demo) throw notFound("No store demo has that name.");
  if (demo.slug !== DEFAULT_DEMO_SLUG) return demo;
  return withOverrides(demo, {
    emailDomain: config.DEMO_EMAIL_DOMAIN,
    androidUrl: config.DEMO_ANDROID_URL,
    iosUrl: config.DEMO_IOS_URL,
  });
}

/**
 * Stores a store-demo registration and, in the same transaction, queues the notice to
 * DEMO_REGISTRATION_EMAIL and the confirmation to the registrant (at most
 * {@link REGISTRATION_CONFIRMATIONS_PER_RECIPIENT} per address a day, ADR 0034) (docs/architecture.md#data-and-reliability-rules: nothing a
 * visitor submits is lost; SMTP being down only delays mail). Idempotent on `registrationId`:
 * a replay stores and sends nothing more and gets the same answer. The confirmation is in
 * `language`, stored with the registration (ADR 0025).
 * @returns `created` false for a replay
 * @throws HttpError 400 with the docs/product.md#5-validation message and a rule code for invalid fields; 409
 *   IDEMPOTENCY_KEY_REUSED when the id is already used by a different registration
 */
export async function registerForDemo(
  db: Database,
  config: AppConfig,
  demo: RetailerDemo,
  body: DemoRegistrationBody,
  language: Language = "en",
): Promise<{ registrationId: string; created: boolean }> {
  const checked = validateRegistration(body, demo.emailDomain);
  if (!checked.ok) throw badRequest(checked.failure.message, checked.failure.code);
  const person = checked.value;
  const registrationId = body.registrationId.toLowerCase();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(demoRegistrations)
      .values({
        id: registrationId,
        retailerSlug: demo.slug,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        acceptTerms: true,
        submittedAt: body.timestamp ? new Date(body.timestamp) : null,
        language,
        privacyNoticeVersion: body.privacyNoticeVersion ?? null,
      })
      .onConflictDoNothing({ target: demoRegistrations.id })
      .returning();
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ slug: demoRegistrations.retailerSlug, email: demoRegistrations.email })
        .from(demoRegistrations)
        .where(eq(demoRegistrations.id, registrationId));
      if (existing && (existing.slug !== demo.slug || existing.email !== person.email)) {
        throw conflict(
          "This registration ID belongs to a different registration.",
          ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
        );
      }
      return { registrationId, created: false };
    }
    const [row] = inserted;
    if (row) {
      await enqueueWebhook(
        tx,
        config,
        "demo_registration.created",
        `Demo registration ${row.id}: ${row.firstName} ${row.lastName} (${row.retailerSlug})`,
        { ...toRegistration(row), language: row.language },
      );
    }
    const notice = registrationNoticeEmail(demo, person, registrationId, config.PUBLIC_URL);
    await enqueueEmail(tx, { kind: "demo_registration", to: config.DEMO_REGISTRATION_EMAIL, ...notice });
    // Capped per address like the Get Started confirmation (ADR 0034): the registration and
    // its notice stand, only the visitor's confirmation is skipped past the cap.
    if (
      await underRecipientCap(
        tx,
        "demo_registration_confirmation",
        person.email,
        REGISTRATION_CONFIRMATIONS_PER_RECIPIENT,
        RECIPIENT_CAP_WINDOW_MS,
      )
    ) {
      const confirmation = registrationConfirmationEmail(demo, person, language);
      await enqueueEmail(tx, { kind: "demo_registration_confirmation", to: person.email, ...confirmation });
    }
    return { registrationId, created: true };
  });
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Registrations, newest first, optionally filtered by demo and by a case-insensitive search over
 * name, email and phone.
 * @param options.limit most rows to return; undefined for all
 */
export async function listDemoRegistrations(
  db: Database,
  options: { q?: string | undefined; slug?: string | undefined; limit?: number | undefined },
): Promise<DemoRegistration[]> {
  const filters: SQL[] = [];
  if (options.slug) filters.push(eq(demoRegistrations.retailerSlug, options.slug));
  const q = options.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const match = or(
      ilike(demoRegistrations.firstName, pattern),
      ilike(demoRegistrations.lastName, pattern),
      ilike(demoRegistrations.email, pattern),
      ilike(demoRegistrations.phone, pattern),
      sql`(${demoRegistrations.firstName} || ' ' || ${demoRegistrations.lastName}) ilike ${pattern}`,
    );
    if (match) filters.push(match);
  }
  const query = db
    .select()
    .from(demoRegistrations)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(demoRegistrations.createdAt), desc(demoRegistrations.id));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toRegistration);
}

/** One stored registration as the API shows it. */
function toRegistration(row: typeof demoRegistrations.$inferSelect): DemoRegistration {
  return {
    id: row.id,
    retailerSlug: row.retailerSlug,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    acceptTerms: row.acceptTerms,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    privacyNoticeVersion: row.privacyNoticeVersion,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The registrations as CSV with a header row and CRLF line ends (RFC 4180). */
export function registrationsCsv(rows: DemoRegistration[]): string {
  const header = [
    "id",
    "retailer",
    "firstName",
    "lastName",
    "email",
    "phone",
    "acceptTerms",
    "submittedAt",
    "createdAt",
    "privacyNoticeVersion",
  ];
  return csvDocument(
    header,
    rows.map((row) => [
      row.id,
      row.retailerSlug,
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      String(row.acceptTerms),
      row.submittedAt ?? "",
      row.createdAt,
      row.privacyNoticeVersion ?? "",
    ]),
  );
}
