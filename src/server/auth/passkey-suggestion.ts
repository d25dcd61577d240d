import { and, eq, isNull, notExists } from "drizzle-orm";
import type { Executor } from "../db/database";
import { passkeys, users } from "../db/schema";

/**
 * Whether to suggest a passkey to `userId` now, after a sign-in by email (ADR 0061): true once
 * per person, the first time she signs in by email while she has no passkey; the same statement
 * records that it was suggested, so it never comes again.
 */
export async function claimPasskeySuggestion(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passkeySuggestedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.passkeySuggestedAt),
        notExists(db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
