import type { Role } from "../../src/common/roles";
import { createSession, type UserRow } from "../../src/server/auth/sessions";
import type { Database } from "../../src/server/db/database";
import { companies, users } from "../../src/server/db/schema";
import { sessionCookieHeader } from "./cookies";

/**
 * The one way tests make people and companies: rows inserted straight into the database (the
 * invitation and sign-in flows have tests of their own). Integration tests use it with their
 * database; the end-to-end tests through the app they build in the Playwright worker
 * (`TestApp.createUser` in tests/e2e/support/app.ts, ADR 0045).
 */

/** What a test may say about a new user; everything but the email has a default. */
export interface NewUser {
  email: string;
  /** `user` unless told otherwise (the default role, docs/product.md#3-records). */
  role?: Role;
  /** The email's local part unless told otherwise. */
  fullName?: string;
  companyId?: number | null;
  /** Active unless told otherwise. */
  isActive?: boolean;
}

/**
 * Inserts a user (no session: they sign in through the API when the test wants that) and returns
 * the row.
 * @throws when the insert returns no row (for example on a duplicate email)
 */
export async function createUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      fullName: values.fullName ?? values.email.split("@")[0] ?? "Test",
      role: values.role ?? "user",
      companyId: values.companyId ?? null,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

/** A signed-in test actor: its user row's main fields and the `Cookie` header value of its session. */
export interface Actor {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  companyId: number | null;
  cookie: string;
}

/**
 * Inserts a user ({@link createUser}) and starts a session for them directly (sign-in itself is
 * covered by the auth tests), returning the actor with its session cookie.
 */
export async function createActor(db: Database, values: NewUser): Promise<Actor> {
  const row = await createUser(db, values);
  const session = await createSession(db, row.id);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    companyId: row.companyId,
    cookie: sessionCookieHeader(session.token),
  };
}

/** Inserts a company named `name` (email derived from the name) and returns its id. */
export async function createCompanyRow(db: Database, name: string): Promise<number> {
  const [row] = await db
    .insert(companies)
    .values({ name, email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.com` })
    .returning({ id: companies.id });
  if (!row) throw new Error("company insert returned no row");
  return row.id;
}

/** Two tenants and who acts in them, as created by {@link createTwoTenants}. */
export interface TwoTenants {
  companyA: number;
  companyB: number;
  admin: Actor;
  companyAdminA: Actor;
  companyAdminB: Actor;
  userA: Actor;
}

/**
 * Creates companies "Alpha Foods" (A) and "Beta Mart" (B), the platform admin
 * (admin@example.com), a company admin of each (ca-a@ / ca-b@example.com) and a user of A
 * (user-a@example.com), each signed in: the cast of the permission and tenant tests.
 * @param fullNames display names by actor; without one an actor is named after its email's
 *   local part (see {@link createUser})
 */
export async function createTwoTenants(
  db: Database,
  fullNames: Partial<Record<"admin" | "companyAdminA" | "companyAdminB" | "userA", string>> = {},
): Promise<TwoTenants> {
  const companyA = await createCompanyRow(db, "Alpha Foods");
  const companyB = await createCompanyRow(db, "Beta Mart");
  const admin = await createActor(db, {
    email: "admin@example.com",
    role: "admin",
    fullName: fullNames.admin,
  });
  const companyAdminA = await createActor(db, {
    email: "ca-a@example.com",
    role: "company_admin",
    companyId: companyA,
    fullName: fullNames.companyAdminA,
  });
  const companyAdminB = await createActor(db, {
    email: "ca-b@example.com",
    role: "company_admin",
    companyId: companyB,
    fullName: fullNames.companyAdminB,
  });
  const userA = await createActor(db, {
    email: "user-a@example.com",
    role: "user",
    companyId: companyA,
    fullName: fullNames.userA,
  });
  return { companyA, companyB, admin, companyAdminA, companyAdminB, userA };
}
