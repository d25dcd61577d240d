import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./database";

/**
 * True when `table` holds a row matching `where`: an existence check (`select 1 … limit 1`) for
 * the uniqueness and "is there one yet" questions services ask before writing.
 * @param db the database or the caller's transaction (so a check under a lock sees its rows)
 * @example await hasRow(tx, users, eq(users.email, email)) // is the address taken?
 */
export async function hasRow(db: Executor, table: PgTable, where: SQL): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}
