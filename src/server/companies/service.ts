import { asc, eq } from "drizzle-orm";
import type { Company } from "../../common/api/companies";
import { ERROR_CODES } from "../../common/api/errors";
import { conflict } from "../core/errors";
import type { Database, Executor } from "../db/database";
import { firstRow, hasRow } from "../db/queries";
import { companies } from "../db/schema";

type CompanyRow = typeof companies.$inferSelect;

/** Maps a row to the API shape (dates as ISO strings). */
export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The name of company `id` (users and invitations show it beside the company id).
 * @returns null when `id` is null (no company), undefined when there is no such company
 */
export async function companyNameOf(db: Executor, id: number | null): Promise<string | null | undefined> {
  if (id === null) return null;
  const company = await firstRow(
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)),
  );
  return company?.name;
}

/** Every company, by name (docs/product.md#7-api `GET /api/companies`, admin only). */
export async function listCompanies(db: Database): Promise<Company[]> {
  const rows = await db.select().from(companies).orderBy(asc(companies.name), asc(companies.id));
  return rows.map(toCompany);
}

/**
 * Creates a company (docs/product.md#7-api, admin only). The email is unique (docs/product.md#3-records).
 * @param input already parsed by `createCompanyBodySchema` (email normalised, blanks as null)
 * @throws 409 COMPANY_EMAIL_TAKEN when another company has the email
 */
export async function createCompany(
  db: Database,
  input: { name: string; email: string; phone: string | null; address: string | null },
): Promise<Company> {
  if (await hasRow(db, companies, eq(companies.email, input.email)))
    throw conflict("A company with this email already exists.", ERROR_CODES.COMPANY_EMAIL_TAKEN);
  const [row] = await db.insert(companies).values(input).onConflictDoNothing().returning();
  if (!row) throw conflict("A company with this email already exists.", ERROR_CODES.COMPANY_EMAIL_TAKEN);
  return toCompany(row);
}
