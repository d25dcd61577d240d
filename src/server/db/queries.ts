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
  return (await firstRow(db.select({ one: sql`1` }).from(table).where(where))) !== undefined;
}

/**
 * The first row `query` answers, or undefined when it answers none: runs it with `limit 1`, for
 * a lookup by a unique key (or the one row a join of it gives).
 * @param query a select not yet run and without a limit (a Drizzle select builder)
 * @example const user = await firstRow(db.select().from(users).where(eq(users.email, email)));
 */
export async function firstRow<Row>(query: {
  limit(count: number): PromiseLike<Row[]>;
}): Promise<Row | undefined> {
  const [row] = await query.limit(1);
  return row;
}
