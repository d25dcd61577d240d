import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { MAGIC_LINK_TTL_MS } from "../../common/limits";
import { isSecure } from "../core/session-cookie";
import { hashToken, type IssuedToken, issueToken } from "../core/tokens";

/**
 * The magic-link binding cookie (ADR 0015). send-magic-link and create-initial
 * set it in the browser that asked for a link; the link row keeps its SHA-256. `/verify/:token`
 * signs in without a click only when the cookie matches, so a mail scanner or another browser
 * never consumes the link on page load.
 */
export const BINDING_COOKIE = "aisleiq_link_binding";

/** The cookie is sent only to the auth API (inspect and verify), never to pages or other APIs. */
export const BINDING_COOKIE_PATH = "/api/auth";

/** A new random binding value (raw for the cookie, hex SHA-256 for the link row). */
export function issueBinding(): IssuedToken {
  return issueToken();
}

/**
 * Sets the binding cookie: HttpOnly, SameSite=Lax, Path=/api/auth, Secure like the session
 * cookie, and gone after the magic-link lifetime (15 minutes, docs/product.md#9-constants).
 */
export function setBindingCookie(reply: FastifyReply, raw: string): void {
  reply.setCookie(BINDING_COOKIE, raw, {
    path: BINDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(reply.server.ctx.config),
    maxAge: Math.floor(MAGIC_LINK_TTL_MS / 1000),
  });
}

/** Removes the binding cookie (after a successful sign-in it has served its purpose). */
export function clearBindingCookie(reply: FastifyReply): void {
  reply.clearCookie(BINDING_COOKIE, { path: BINDING_COOKIE_PATH });
}

/**
 * True when the request carries the binding cookie whose digest is `storedHash`. Compared in
 * constant time; false when either side is missing.
 */
export function isBound(request: Pick<FastifyRequest, "cookies">, storedHash: string | null): boolean {
  const raw = request.cookies[BINDING_COOKIE];
  if (!raw || !storedHash) return false;
  const actual = Buffer.from(hashToken(raw), "utf8");
  const expected = Buffer.from(storedHash, "utf8");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Masks an email address for a page anyone holding the link can open (ADR 0015):
 * the first character of the local part, then "•••", then the domain.
 * @example maskEmail("alice@example.com") === "a•••@example.com"
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${Array.from(email.slice(0, at))[0]}•••${email.slice(at)}`;
}
