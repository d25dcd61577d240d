import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { UserAuditAction } from "../../common/api/users";
import type { Executor } from "../db/database";
import { userAudit } from "../db/schema";
import { maskEmail } from "./binding";
import type { TokenRefusal } from "./verification-tokens";

/**
 * The account audit trail (the user audit, extended to authentication by ADR 0057): one
 * writer for every entry, so each records the same fields. Entries are appended in the
 * transaction of the change they describe (a rolled-back change leaves none); a database
 * trigger refuses any UPDATE or DELETE of them.
 */

/** Longest User-Agent kept, in characters; browsers send 100–300, the rest is noise (ADR 0057). */
export const USER_AGENT_MAX_LENGTH = 512;

/** Where a request came from: its client address (as trusted under TRUST_PROXY) and browser. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** No request behind the change (the retention purge, a background step). */
export const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };

/**
 * The client of `request`: `request.ip` (the socket address, or the forwarded one from a peer
 * TRUST_PROXY trusts, ADR 0016) and the User-Agent header cut to {@link USER_AGENT_MAX_LENGTH}
 * characters with control characters removed.
 */
export function clientInfoOf(request: Pick<FastifyRequest, "ip" | "headers">): ClientInfo {
  const raw = request.headers["user-agent"];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const userAgent = typeof raw === "string" ? raw.replace(/[\u0000-\u001f\u007f]/g, "").trim() : "";
  return {
    ip: request.ip || null,
    userAgent: userAgent === "" ? null : userAgent.slice(0, USER_AGENT_MAX_LENGTH),
  };
}

/** A person as an entry names them: id, name and address are copied into the entry. */
export interface AuditPerson {
  id: number;
  email: string;
  fullName: string;
  companyId: number | null;
}

/** What one entry says; see `USER_AUDIT_ACTIONS` (src/common/api/users.ts) for `detail` per kind. */
export interface AuditEntry {
  action: UserAuditAction;
  /** Who acted; null for the system (retention) or someone not signed in. */
  actor: AuditPerson | null;
  /**
   * Whom it is about: `id` null for an address without an account (then `email` is what the
   * entry shows: pass the masked form) or an account being deleted; `companyId` the company the
   * entry belongs to (a company admin sees her company's entries).
   */
  target: { id: number | null; email: string; companyId: number | null };
  newCompanyId?: number | null;
  detail?: string | null;
  client?: ClientInfo;
  /** Hex SHA-256 of an unknown address ({@link emailDigest}). */
  emailDigest?: string | null;
}

/** Appends one entry to the trail inside `tx` (the transaction of the change it records). */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  const client = entry.client ?? NO_CLIENT;
  await tx.insert(userAudit).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.fullName ?? null,
    actorEmail: entry.actor?.email ?? null,
    targetUserId: entry.target.id,
    targetEmail: entry.target.email,
    companyId: entry.target.companyId,
    newCompanyId: entry.newCompanyId ?? null,
    action: entry.action,
    detail: entry.detail ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
    emailDigest: entry.emailDigest ?? null,
  });
}

/**
 * The digest an address without an account is recorded under (ADR 0057): hex SHA-256 of the
 * normalised (trimmed, lower-case) address. The trail keeps it and the masked address, never the
 * address itself; an admin who searches for the exact address finds its entries.
 */
export function emailDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase(), "utf8").digest("hex");
}

/** The target of an entry about an address without an account: masked (normalised), with its digest. */
export function unknownAddress(email: string): { target: AuditEntry["target"]; emailDigest: string } {
  const normal = email.trim().toLowerCase();
  return {
    target: { id: null, email: maskEmail(normal), companyId: null },
    emailDigest: emailDigest(normal),
  };
}

/** The audit kind of a refused link that exists: used again, or past its lifetime (ADR 0057). */
export function refusalAction(refusal: TokenRefusal): "link_reused" | "link_expired" | undefined {
  if (refusal === "used") return "link_reused";
  if (refusal === "expired") return "link_expired";
  return undefined;
}
