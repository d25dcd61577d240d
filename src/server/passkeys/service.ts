import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { COSEALG, isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, count, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { ERROR_CODES } from "../../common/api/errors";
import type { Passkey } from "../../common/api/passkeys";
import { PASSKEYS_PER_USER, WEBAUTHN_CHALLENGE_TTL_MS } from "../../common/limits";
import { type AuditPerson, type ClientInfo, NO_CLIENT, recordAudit } from "../auth/audit";
import { startSignedInSession, type UserRow } from "../auth/sessions";
import type { AppConfig } from "../config";
import { HttpError, notFound } from "../core/errors";
import { hashToken, issueToken } from "../core/tokens";
import type { Database, Executor } from "../db/database";
import { transactionWithRetry } from "../db/retry";
import { passkeys, users, webauthnChallenges } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { type PasskeyChange, passkeyChangeEmail } from "./emails";
import { relyingParty } from "./relying-party";

/**
 * Passkeys (WebAuthn, ADR 0061) through `@simplewebauthn/server`: registration by a signed-in
 * person, sign-in without an address (discoverable credentials, so the browser's passkey
 * autofill works), and the person's list. Each ceremony's challenge is stored against the digest
 * of a random ceremony cookie, taken (deleted) by the one answer it gets, and dead after
 * {@link WEBAUTHN_CHALLENGE_TTL_MS}. User verification (biometrics or a PIN) is required, so a
 * passkey alone is a sign-in. The signature counter and backup state are stored and updated on
 * every use, and a counter that does not increase refuses the sign-in, as the library advises.
 */

/**
 * The signature algorithms passkeys may use: EdDSA, ES256 and RS256, the library's defaults
 * without ML-DSA-44, which it adds when the runtime's Web Crypto has it, as Node 26 has behind an
 * experimental warning. No authenticator we know of makes ML-DSA passkeys yet.
 */
const SUPPORTED_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** What a ceremony's challenge is for. */
type Purpose = "registration" | "authentication";

/** A failed passkey sign-in: one answer whatever the reason, so it says nothing about which passkeys exist. */
const signInFailed = () =>
  new HttpError(
    400,
    ERROR_CODES.PASSKEY_FAILED,
    "That passkey could not sign you in. Try again, or sign in with an email link.",
  );
const registrationFailed = (message = "The passkey could not be added. Please try again.") =>
  new HttpError(400, ERROR_CODES.PASSKEY_REGISTRATION_FAILED, message);

/**
 * Stores a new challenge for `purpose` (and, for a registration, the user it was given to) and
 * returns the raw ceremony token for the browser's cookie. Expired challenges are deleted first.
 */
async function storeChallenge(
  db: Database,
  purpose: Purpose,
  challenge: string,
  registration: { userId: number; userHandle: string } | null,
): Promise<string> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, sql`now()`));
  const ceremony = issueToken();
  await db.insert(webauthnChallenges).values({
    ceremonyHash: ceremony.hash,
    purpose,
    challenge,
    userId: registration?.userId ?? null,
    userHandle: registration?.userHandle ?? null,
    expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
  return ceremony.raw;
}

/**
 * Takes the live challenge of the ceremony `rawCeremony` for `purpose` (and `userId`): deletes it
 * and returns it, so each challenge is answered once (ADR 0061). Runs on its own, before the
 * answer is checked, so a failed answer uses it up too.
 * @returns the challenge (with the WebAuthn user handle of a registration), or undefined when
 *   there is none (no cookie, unknown, used, expired, another purpose or another user's)
 */
async function takeChallenge(
  db: Database,
  rawCeremony: string | undefined,
  purpose: Purpose,
  userId: number | null,
): Promise<{ challenge: string; userHandle: string | null } | undefined> {
  if (!rawCeremony) return undefined;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.ceremonyHash, hashToken(rawCeremony)),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({
      challenge: webauthnChallenges.challenge,
      userHandle: webauthnChallenges.userHandle,
      expiresAt: webauthnChallenges.expiresAt,
    });
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { challenge: row.challenge, userHandle: row.userHandle };
}

type PasskeyRow = typeof passkeys.$inferSelect;

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    backedUp: row.backedUp,
  };
}

function transportsOf(row: Pick<PasskeyRow, "transports">): AuthenticatorTransport[] {
  return row.transports ? (row.transports.split(",") as AuthenticatorTransport[]) : [];
}

/** Queues the notice of a passkey change to `user` in `tx` (ADR 0061). */
async function notify(
  tx: Executor,
  config: AppConfig,
  user: Pick<UserRow, "email" | "fullName" | "language">,
  change: PasskeyChange,
): Promise<void> {
  const email = passkeyChangeEmail({
    change,
    fullName: user.fullName,
    publicUrl: config.PUBLIC_URL,
    language: user.language,
  });
  await enqueueEmail(tx, {
    kind: change.kind === "added" ? "passkey_added" : "passkey_removed",
    to: user.email,
    ...email,
  });
}

/** The passkeys of `userId`, oldest first. */
export async function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

/**
 * The options for `startRegistration()` for a signed-in `user` (ADR 0061): a discoverable
 * credential with user verification, her existing passkeys excluded (so one authenticator is not
 * added twice), and the one WebAuthn user handle all her passkeys share (a random 32 bytes given
 * at her first, never her email or id).
 * @returns the options and the raw ceremony token for the cookie
 * @throws 409 PASSKEY_LIMIT when she already has {@link PASSKEYS_PER_USER}
 */
export async function passkeyRegistrationOptions(
  db: Database,
  config: AppConfig,
  user: Pick<UserRow, "id" | "email" | "fullName">,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; ceremony: string }> {
  const existing = await db
    .select({
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
      userHandle: passkeys.userHandle,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_PER_USER) throw passkeyLimit();
  const rp = relyingParty(config);
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(randomBytes(32));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: isoBase64URL.toBuffer(userHandle),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  const ceremony = await storeChallenge(db, "registration", options.challenge, {
    userId: user.id,
    userHandle,
  });
  return { options, ceremony };
}

const passkeyLimit = () =>
  new HttpError(
    409,
    ERROR_CODES.PASSKEY_LIMIT,
    `An account holds at most ${PASSKEYS_PER_USER} passkeys. Remove one before adding another.`,
  );

/**
 * Adds the passkey a browser registered for `user` (ADR 0061): takes the ceremony's challenge,
 * has the library verify the answer (challenge, origin and RP ID from PUBLIC_URL, user
 * verification), then stores the credential with its counter, device type and backup state,
 * named after the browser and OS (`name`), emails her about it and appends a `passkey_added`
 * audit entry (ADR 0057) with `input.client`, in one transaction that takes her user row first
 * (docs/architecture.md "Lock order").
 * @throws 400 PASSKEY_REGISTRATION_FAILED for a stale or missing challenge, an answer that does
 *   not verify, or a credential already stored; 409 PASSKEY_LIMIT at {@link PASSKEYS_PER_USER}
 */
export async function addPasskey(
  db: Database,
  config: AppConfig,
  user: Pick<UserRow, "id">,
  input: {
    ceremony: string | undefined;
    response: RegistrationResponseJSON;
    name: string;
    client?: ClientInfo;
  },
): Promise<Passkey> {
  const challenge = await takeChallenge(db, input.ceremony, "registration", user.id);
  const userHandle = challenge?.userHandle;
  if (!challenge || !userHandle)
    throw registrationFailed("This passkey request has expired. Please try again.");
  const rp = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    throw registrationFailed();
  }
  if (!verification.verified) throw registrationFailed();
  const info = verification.registrationInfo;
  return transactionWithRetry(db, async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!owner) throw notFound("User not found.");
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, owner.id));
    if ((held?.n ?? 0) >= PASSKEYS_PER_USER) throw passkeyLimit();
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: owner.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        userHandle,
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(","),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw registrationFailed("This passkey is already added.");
    await notify(tx, config, owner, { kind: "added", name: row.name });
    await recordPasskeyChange(tx, "passkey_added", owner, owner, row.name, input.client ?? NO_CLIENT);
    return toPasskey(row);
  });
}

/**
 * The options for `startAuthentication()` on the sign-in page (ADR 0061): no address and no
 * allow-list, so the browser offers every passkey it holds for this site (also in the email
 * field's autofill), with user verification required.
 * @returns the options and the raw ceremony token for the cookie
 */
export async function passkeySignInOptions(
  db: Database,
  config: AppConfig,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; ceremony: string }> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: "required",
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  const ceremony = await storeChallenge(db, "authentication", options.challenge, null);
  return { options, ceremony };
}

/**
 * Signs in with a passkey (ADR 0061): takes the ceremony's challenge, finds the passkey by its
 * credential ID, has the library verify the answer against its public key and stored counter,
 * then, in one transaction, takes the user row first (an inactive user signs no one in), stores
 * the new counter, backup state and use time (refusing a counter that did not increase meanwhile)
 * and starts a session like a magic link's, keeping `input.client` and appending a `signed_in`
 * audit entry (ADR 0057).
 * @returns the user and the raw session token with its expiry
 * @throws 400 PASSKEY_FAILED for any answer that does not verify (stale challenge, unknown or
 *   removed passkey, bad signature, counter gone backwards); 403 ACCOUNT_INACTIVE for a
 *   deactivated user's passkey
 */
export async function signInWithPasskey(
  db: Database,
  config: AppConfig,
  input: { ceremony: string | undefined; response: AuthenticationResponseJSON; client: ClientInfo },
  log?: { warn(object: object, message: string): void },
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } }> {
  const challenge = await takeChallenge(db, input.ceremony, "authentication", null);
  if (!challenge) throw signInFailed();
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, input.response.id))
    .limit(1);
  if (!passkey) throw signInFailed();
  const { userHandle } = input.response.response;
  if (userHandle && userHandle !== passkey.userHandle) throw signInFailed();
  const rp = relyingParty(config);
  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>["authenticationInfo"];
  try {
    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw signInFailed();
    info = verification.authenticationInfo;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The library throws on a counter that did not increase: a cloned authenticator, it says.
    if (error instanceof Error && /counter/i.test(error.message)) {
      log?.warn(
        { passkeyId: passkey.id, userId: passkey.userId },
        "passkey counter did not increase; sign-in refused",
      );
    }
    throw signInFailed();
  }
  return transactionWithRetry(db, async (tx) => {
    // Lock order: the user row before her passkey (docs/architecture.md "Lock order").
    const [user] = await tx
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(and(eq(users.id, passkey.userId), eq(users.isActive, true)))
      .returning();
    if (!user) throw new HttpError(403, ERROR_CODES.ACCOUNT_INACTIVE, "This account is disabled.");
    const [updated] = await tx
      .update(passkeys)
      .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.id, passkey.id),
          // Another sign-in stored a counter at least this high meanwhile: refuse, as above.
          info.newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, info.newCounter),
        ),
      )
      .returning({ id: passkeys.id });
    if (!updated) throw signInFailed();
    const session = await startSignedInSession(tx, user, input.client, "passkey");
    return { user, session };
  });
}

/**
 * Renames one of `userId`'s passkeys.
 * @throws 404 NOT_FOUND when she has no passkey `id`
 */
export async function renamePasskey(
  db: Database,
  userId: number,
  id: number,
  name: string,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound("Passkey not found.");
  return toPasskey(row);
}

/**
 * Removes one of `user`'s passkeys, emails her about it (ADR 0061) and appends a
 * `passkey_removed` audit entry by her (ADR 0057); from then on it signs no one in.
 * @param client her browser's address and User-Agent, kept by the entry
 * @throws 404 NOT_FOUND when she has no passkey `id`
 */
export async function removePasskey(
  db: Database,
  config: AppConfig,
  user: Pick<UserRow, "id">,
  id: number,
  client: ClientInfo = NO_CLIENT,
): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!owner) throw notFound("Passkey not found.");
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, owner.id)))
      .returning({ name: passkeys.name });
    if (!row) throw notFound("Passkey not found.");
    await notify(tx, config, owner, { kind: "removed", name: row.name });
    await recordPasskeyChange(tx, "passkey_removed", owner, owner, row.name, client);
  });
}

/**
 * Removes every passkey of `target` inside `tx` (an admin's action for a lost device, ADR 0061;
 * and deactivation, ADR 0076), emails her when there were any and `config` is given, and appends
 * one `passkey_removed` audit entry per passkey by `by.actor` (ADR 0057). The caller has locked
 * her user row.
 * @param config null to send no email (deactivation: she has another email about it, and no
 *   way to sign in and add a new one)
 * @param by who removed them, and from which browser
 * @returns how many were removed
 */
export async function removeAllPasskeysOf(
  tx: Executor,
  config: AppConfig | null,
  target: Pick<UserRow, "id" | "email" | "fullName" | "language" | "companyId">,
  by: { actor: AuditPerson; client: ClientInfo },
): Promise<number> {
  const removed = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, target.id))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (config && removed.length > 0) {
    await notify(tx, config, target, { kind: "removedByAdmin", count: removed.length });
  }
  for (const row of removed) {
    await recordPasskeyChange(tx, "passkey_removed", by.actor, target, row.name, by.client);
  }
  return removed.length;
}

/** Appends the audit entry of a passkey added or removed (ADR 0057): detail the passkey's name. */
async function recordPasskeyChange(
  tx: Executor,
  action: "passkey_added" | "passkey_removed",
  actor: AuditPerson,
  owner: Pick<UserRow, "id" | "email" | "companyId">,
  name: string,
  client: ClientInfo,
): Promise<void> {
  await recordAudit(tx, {
    action,
    actor,
    target: { id: owner.id, email: owner.email, companyId: owner.companyId },
    detail: name,
    client,
  });
}
