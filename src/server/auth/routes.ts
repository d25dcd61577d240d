import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  inspectMagicLinkBodySchema,
  inspectMagicLinkResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  sendMagicLinkBodySchema,
  updateLanguageBodySchema,
  updateLanguageResponseSchema,
  verifyMagicLinkBodySchema,
  verifyMagicLinkResponseSchema,
  verifySignInCodeBodySchema,
} from "../../common/api/auth";
import { ERROR_CODES } from "../../common/api/errors";
import {
  endSessionsResponseSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
} from "../../common/api/sessions";
import {
  MAGIC_LINK_INSPECT_RATE_PER_IP,
  MAGIC_LINK_RATE_PER_EMAIL,
  MAGIC_LINK_RATE_PER_IP,
  MAGIC_LINK_VERIFY_RATE_PER_IP,
  RETRY_AFTER_SECONDS,
  SIGN_IN_CODE_RATE_PER_IP,
} from "../../common/limits";
import { HttpError } from "../core/errors";
import { readSessionToken } from "../core/session-cookie";
import { hashToken } from "../core/tokens";
import { isConnectionError } from "../db/faults";
import { apiErrorSchema, DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { byEmailAndIp, byIp, describeWait, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { sessionOf } from "./access";
import { clientInfoOf } from "./audit";
import {
  BINDING_COOKIE,
  clearBindingCookie,
  isBound,
  issueBinding,
  maskEmail,
  setBindingCookie,
} from "./binding";
import { clearSessionCookies, startSessionCookie } from "./guards";
import { claimPasskeySuggestion } from "./passkey-suggestion";
import {
  endOwnSessions,
  inspectMagicLink,
  issueRequestedMagicLink,
  setUserLanguage,
  signOut,
  storeMagicLinkRequest,
  verifyMagicLink,
} from "./service";
import { listSessions, toSessionUser } from "./sessions";
import { verifySignInCode } from "./sign-in-codes";
import { tokenErrorResponses } from "./verification-tokens";

/** Calls `start` once the response has been sent (or the client went away), exactly once. */
function afterResponse(reply: FastifyReply, start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  reply.raw.once("finish", once);
  reply.raw.once("close", once);
}

const route = routesTagged("auth");

/**
 * Auth routes of docs/product.md#7-api: magic links, session, sign-out. (First-admin
 * setup lives with the rest of `/api/admin/*` in the admin module.)
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;

  app.post(
    "/api/auth/send-magic-link",
    route("public", "Email a sign-in link; same answer whether or not the account exists", {
      operationId: "sendMagicLink",
      body: sendMagicLinkBodySchema,
      response: { 200: messageResponseSchema },
      // Per IP before the body is even parsed; per email once the address is validated and
      // normalised (ADR 0013: limits count before validation work).
      onRequest: [rateLimitBy(app, "magic-link-ip", { max: MAGIC_LINK_RATE_PER_IP })],
      // Per (email, IP), so a stranger's requests cannot use up the owner's allowance (ADR 0016).
      // No limit refuses an address as such: that let anyone lock its owner out. The mail one
      // address gets is capped where the link is issued instead, with the same answer (ADR 0034).
      preHandler: [
        rateLimitBy(app, "magic-link-email-ip", { max: MAGIC_LINK_RATE_PER_EMAIL, key: byEmailAndIp }),
      ],
    }),
    async (request, reply) => {
      // Same answer, cookie and timing for every address: the request stores one row whatever
      // the address, and the lookup and the link are made once the response has gone (ADR 0029),
      // tracked so shutdown waits for them. The stored row is what makes the answer
      // true: if this process dies before the link is issued, the outbox sweep issues it (ADR 0029).
      // While the database is known to be down, refuse like every other write (503, ADR 0011)
      // rather than promise a link that cannot be stored; a failed INSERT answers 503 too.
      if (app.ctx.dbOutage.isDown) {
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        throw new HttpError(503, ERROR_CODES.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE);
      }
      const binding = issueBinding();
      const requestId = await storeMagicLinkRequest(
        db,
        request.body.email,
        binding.hash,
        clientInfoOf(request),
      );
      setBindingCookie(reply, binding.raw);
      afterResponse(reply, () =>
        app.ctx.tasks.run("send magic link", async () => {
          try {
            await issueRequestedMagicLink(db, config, requestId);
          } catch (error) {
            if (isConnectionError(error)) app.ctx.dbOutage.report(error);
            throw error;
          }
        }),
      );
      return reply.send({
        message: "If an account exists for that address, a secure login link is on its way.",
      });
    },
  );

  app.post(
    "/api/auth/magic-link/inspect",
    route(
      "public",
      "Whose link this is (masked) and whether this browser asked for it; never uses the link",
      {
        operationId: "inspectMagicLink",
        body: inspectMagicLinkBodySchema,
        response: { 200: inspectMagicLinkResponseSchema, ...tokenErrorResponses },
        errors: { 403: "The account is disabled (`ACCOUNT_INACTIVE`)." },
        preHandler: [rateLimitBy(app, "inspect-ip", { max: MAGIC_LINK_INSPECT_RATE_PER_IP })],
      },
    ),
    async (request, reply) => {
      const link = await inspectMagicLink(db, request.body.token, (hash) => isBound(request, hash));
      return reply.send({ bound: link.bound, maskedEmail: maskEmail(link.email), language: link.language });
    },
  );

  app.post(
    "/api/auth/verify-magic-link",
    route("public", "Consume a magic link and start a session", {
      operationId: "verifyMagicLink",
      body: verifyMagicLinkBodySchema,
      response: { 200: verifyMagicLinkResponseSchema, ...tokenErrorResponses },
      errors: { 403: "The account is disabled (`ACCOUNT_INACTIVE`)." },
      onRequest: [rateLimitBy(app, "verify-ip", { max: MAGIC_LINK_VERIFY_RATE_PER_IP })],
    }),
    async (request, reply) => {
      const { user, session } = await verifyMagicLink(db, request.body.token, clientInfoOf(request));
      await startSessionCookie(request, reply, session);
      clearBindingCookie(reply);
      return reply.send({
        user: toSessionUser(user),
        suggestPasskey: await claimPasskeySuggestion(db, user.id),
      });
    },
  );

  app.post(
    "/api/auth/verify-code",
    route(
      "public",
      "Sign in with the one-time code of a sign-in email, in the browser that asked for it; the same answer whether or not the account exists",
      {
        operationId: "verifySignInCode",
        body: verifySignInCodeBodySchema,
        response: {
          200: verifyMagicLinkResponseSchema,
          400: apiErrorSchema.describe(
            `Malformed email or code (${ERROR_CODES.VALIDATION}); or ${ERROR_CODES.SIGN_IN_CODE_INVALID}: not the code of a usable sign-in email this browser asked for, whether or not the account exists`,
          ),
          410: apiErrorSchema.describe(
            `${ERROR_CODES.SIGN_IN_CODE_EXHAUSTED}: this browser's code has had 5 wrong tries; its link still works; or ${ERROR_CODES.SIGN_IN_CODE_USED}: the right code, but its link has already signed in`,
          ),
          429: apiErrorSchema.describe(
            `${ERROR_CODES.RATE_LIMITED} with Retry-After: too many code entries from this IP, or too many wrong codes for the address or from the IP`,
          ),
        },
        errors: { 403: "The account is disabled (`ACCOUNT_INACTIVE`)." },
        // Requests per IP before the body is parsed; wrong codes per request, address and IP
        // are counted in the database by the service (ADR 0060).
        onRequest: [rateLimitBy(app, "sign-in-code-ip", { max: SIGN_IN_CODE_RATE_PER_IP })],
      },
    ),
    async (request, reply) => {
      const binding = request.cookies[BINDING_COOKIE];
      const outcome = await verifySignInCode(db, {
        email: request.body.email,
        code: request.body.code,
        bindingHash: binding ? hashToken(binding) : null,
        ipKey: byIp(request),
        client: clientInfoOf(request),
      });
      switch (outcome.status) {
        case "ok": {
          await startSessionCookie(request, reply, outcome.session);
          clearBindingCookie(reply);
          const suggestPasskey = await claimPasskeySuggestion(db, outcome.user.id);
          return reply.send({ user: toSessionUser(outcome.user), suggestPasskey });
        }
        case "limited":
          reply.header("retry-after", String(outcome.retryAfterSeconds));
          throw new HttpError(
            429,
            ERROR_CODES.RATE_LIMITED,
            `Too many wrong codes. Use the link in the email, or try again in ${describeWait(outcome.retryAfterSeconds)}.`,
          );
        case "exhausted":
          throw new HttpError(
            410,
            ERROR_CODES.SIGN_IN_CODE_EXHAUSTED,
            "Too many wrong tries: this code no longer works. Use the link in the email, or ask for a new email.",
          );
        case "used":
          throw new HttpError(
            410,
            ERROR_CODES.SIGN_IN_CODE_USED,
            "This code was already used: it or its email's link has signed in. If that was not you, ask for a new email.",
          );
        case "inactive":
          throw new HttpError(403, ERROR_CODES.ACCOUNT_INACTIVE, "This account is disabled.");
        default:
          throw new HttpError(
            400,
            ERROR_CODES.SIGN_IN_CODE_INVALID,
            "That code is not right. Check the newest sign-in email, and type its code in the browser where you asked for it.",
          );
      }
    },
  );

  app.get(
    "/api/auth/me",
    route("user", "The signed-in user and company", {
      operationId: "getCurrentUser",
      response: { 200: meResponseSchema },
    }),
    async (request, reply) => {
      const session = sessionOf(request);
      return reply.send({ user: toSessionUser(session.user), company: session.company });
    },
  );

  app.patch(
    "/api/auth/me/language",
    route("user", "Set the signed-in user's portal and email language (en or es)", {
      operationId: "setMyLanguage",
      body: updateLanguageBodySchema,
      response: { 200: updateLanguageResponseSchema },
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      const language = await setUserLanguage(db, user.id, request.body.language);
      return reply.send({ language });
    },
  );

  app.post(
    "/api/auth/logout",
    route("public", "End the session and clear the cookie", {
      operationId: "logout",
      response: { 200: messageResponseSchema },
    }),
    async (request, reply) => {
      const found = readSessionToken(request);
      if (found) await signOut(db, found.raw, clientInfoOf(request));
      clearSessionCookies(reply);
      return reply.send({ message: "Signed out." });
    },
  );

  app.get(
    "/api/auth/sessions",
    route("user", "The signed-in user's live sessions: browser, device, IP, created, last seen", {
      operationId: "listMySessions",
      response: { 200: sessionListResponseSchema },
    }),
    async (request) => {
      const session = sessionOf(request);
      return { sessions: await listSessions(db, session.user.id, session.sessionId) };
    },
  );

  app.post(
    "/api/auth/sessions/end-others",
    route("user", "Sign out every other session of the signed-in user at once", {
      operationId: "endMyOtherSessions",
      response: { 200: endSessionsResponseSchema },
    }),
    async (request) => {
      const session = sessionOf(request);
      const which = { except: session.sessionId };
      return { ended: await endOwnSessions(db, session.user, which, clientInfoOf(request)) };
    },
  );

  app.delete(
    "/api/auth/sessions/:sessionId",
    route("user", "Sign out one session of the signed-in user (the current one signs this browser out)", {
      operationId: "endMySession",
      params: sessionIdParamsSchema,
      response: { 200: endSessionsResponseSchema },
    }),
    async (request, reply) => {
      const session = sessionOf(request);
      const { sessionId } = request.params;
      const ended = await endOwnSessions(db, session.user, { ids: [sessionId] }, clientInfoOf(request));
      if (sessionId === session.sessionId) clearSessionCookies(reply);
      return reply.send({ ended });
    },
  );
};
