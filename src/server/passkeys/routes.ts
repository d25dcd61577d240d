import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { verifyMagicLinkResponseSchema } from "../../common/api/auth";
import { ERROR_CODES } from "../../common/api/errors";
import {
  addPasskeyBodySchema,
  passkeyIdParamsSchema,
  passkeyListResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyResponseSchema,
  passkeySignInBodySchema,
  passkeySignInOptionsResponseSchema,
  renamePasskeyBodySchema,
  stepUpCodeSentResponseSchema,
  stepUpResponseSchema,
  verifyStepUpCodeBodySchema,
} from "../../common/api/passkeys";
import {
  PASSKEY_CHANGE_RATE_PER_SESSION,
  PASSKEY_OPTIONS_RATE_PER_IP,
  PASSKEY_SIGN_IN_RATE_PER_IP,
  STEP_UP_RATE_PER_IP,
  STEP_UP_SEND_RATE_PER_SESSION,
  STEP_UP_VERIFY_RATE_PER_SESSION,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from "../../common/limits";
import { sessionOf } from "../auth/access";
import { clientInfoOf } from "../auth/audit";
import { BINDING_COOKIE_PATH } from "../auth/binding";
import { startSessionCookie } from "../auth/guards";
import { toSessionUser } from "../auth/sessions";
import { requireFreshSignIn, sendStepUpCode, verifyStepUpCode } from "../auth/step-up";
import { HttpError } from "../core/errors";
import { isSecure } from "../core/session-cookie";
import { apiErrorSchema } from "../http/errors";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { deviceName } from "./device-name";
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "./service";

/**
 * The cookie naming a browser's WebAuthn ceremony (ADR 0061): 32 random bytes whose digest finds
 * the challenge the server gave that browser. HttpOnly, SameSite=Strict, sent only to the auth
 * API, gone with the challenge's lifetime.
 */
export const CEREMONY_COOKIE = "aisleiq_passkey_ceremony";

function setCeremonyCookie(reply: FastifyReply, raw: string): void {
  reply.setCookie(CEREMONY_COOKIE, raw, {
    path: BINDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: isSecure(reply.server.ctx.config),
    maxAge: Math.floor(WEBAUTHN_CHALLENGE_TTL_MS / 1000),
  });
}

function clearCeremonyCookie(reply: FastifyReply): void {
  reply.clearCookie(CEREMONY_COOKIE, { path: BINDING_COOKIE_PATH });
}

const route = routesTagged("passkeys");

/**
 * Passkey routes (ADR 0061; contract in src/common/api/passkeys.ts): sign-in with a passkey
 * (options, then the browser's answer; the same session as a magic link), and a signed-in
 * person's own passkeys: list, add (options, then the browser's answer), rename, remove. Adding
 * one needs a sign-in within the step-up window or an emailed step-up code (ADR 0076), whose two
 * routes are here too. An admin's removal of someone's passkeys is `DELETE /api/admin/users/{id}/passkeys` in the admin
 * module.
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const changeLimit = rateLimitBy(app, "passkey-change-session", {
    max: PASSKEY_CHANGE_RATE_PER_SESSION,
    key: bySession,
  });
  const stepUpIpLimit = rateLimitBy(app, "step-up-ip", { max: STEP_UP_RATE_PER_IP });
  const stepUpRequired = `A sign-in older than the step-up window (10 minutes) and no step-up code typed since (\`${ERROR_CODES.STEP_UP_REQUIRED}\`): send and type a step-up code first.`;

  app.post(
    "/api/auth/passkey/options",
    route(
      "public",
      "Options for signing in with a passkey (any passkey of this site; also the email field's autofill)",
      {
        operationId: "getPasskeySignInOptions",
        response: { 200: passkeySignInOptionsResponseSchema },
        onRequest: [rateLimitBy(app, "passkey-options-ip", { max: PASSKEY_OPTIONS_RATE_PER_IP })],
      },
    ),
    async (_request, reply) => {
      const { options, ceremony } = await passkeySignInOptions(db, config);
      setCeremonyCookie(reply, ceremony);
      // The library's type names every field; the schema names the ones it always sets and passes the rest.
      return reply.send({
        options: options as z.input<typeof passkeySignInOptionsResponseSchema>["options"],
      });
    },
  );

  app.post(
    "/api/auth/passkey/verify",
    route(
      "public",
      "Sign in with a passkey: the browser's answer to the sign-in options; starts a session as a magic link does",
      {
        operationId: "signInWithPasskey",
        body: passkeySignInBodySchema,
        response: {
          200: verifyMagicLinkResponseSchema,
          400: apiErrorSchema.describe(
            `Malformed answer (${ERROR_CODES.VALIDATION}), or ${ERROR_CODES.PASSKEY_FAILED}: stale challenge, unknown or removed passkey, bad signature, or a signature counter that did not increase`,
          ),
          403: apiErrorSchema.describe(
            `${ERROR_CODES.ACCOUNT_INACTIVE}: the passkey's account is deactivated`,
          ),
        },
        onRequest: [rateLimitBy(app, "passkey-sign-in-ip", { max: PASSKEY_SIGN_IN_RATE_PER_IP })],
      },
    ),
    async (request, reply) => {
      const { user, session } = await signInWithPasskey(
        db,
        config,
        {
          ceremony: request.cookies[CEREMONY_COOKIE],
          response: request.body.response,
          client: clientInfoOf(request),
        },
        request.log,
      );
      clearCeremonyCookie(reply);
      await startSessionCookie(request, reply, session);
      return reply.send({ user: toSessionUser(user), suggestPasskey: false });
    },
  );

  app.get(
    "/api/auth/passkeys",
    route("user", "The signed-in person's passkeys, oldest first", {
      operationId: "listMyPasskeys",
      response: { 200: passkeyListResponseSchema },
    }),
    async (request) => ({ passkeys: await listPasskeys(db, sessionOf(request).user.id) }),
  );

  app.post(
    "/api/auth/passkeys/options",
    route("user", "Options for adding a passkey to the signed-in person's account", {
      operationId: "getPasskeyRegistrationOptions",
      response: { 200: passkeyRegistrationOptionsResponseSchema },
      errors: {
        403: stepUpRequired,
        409: "The account holds the most passkeys it may (`PASSKEY_LIMIT`).",
      },
      preHandler: [changeLimit],
    }),
    async (request, reply) => {
      requireFreshSignIn(sessionOf(request));
      const { options, ceremony } = await passkeyRegistrationOptions(db, config, sessionOf(request).user);
      setCeremonyCookie(reply, ceremony);
      return reply.send({
        options: options as z.input<typeof passkeyRegistrationOptionsResponseSchema>["options"],
      });
    },
  );

  app.post(
    "/api/auth/passkeys",
    route(
      "user",
      "Add a passkey: the browser's answer to the registration options; named after the browser and OS, and emailed about",
      {
        operationId: "addPasskey",
        body: addPasskeyBodySchema,
        response: { 201: passkeyResponseSchema },
        errors: {
          400: "The browser's answer does not register a passkey: stale challenge, bad attestation (`PASSKEY_REGISTRATION_FAILED`).",
          403: stepUpRequired,
          409: "The account holds the most passkeys it may (`PASSKEY_LIMIT`).",
        },
        preHandler: [changeLimit],
      },
    ),
    async (request, reply) => {
      const session = sessionOf(request);
      requireFreshSignIn(session);
      const { user } = session;
      const passkey = await addPasskey(db, config, user, {
        ceremony: request.cookies[CEREMONY_COOKIE],
        response: request.body.response,
        name: deviceName(request.headers["user-agent"], user.language),
        client: clientInfoOf(request),
      });
      clearCeremonyCookie(reply);
      return reply.status(201).send({ passkey });
    },
  );

  app.patch(
    "/api/auth/passkeys/:id",
    route("user", "Rename one of the signed-in person's passkeys", {
      operationId: "renamePasskey",
      params: passkeyIdParamsSchema,
      body: renamePasskeyBodySchema,
      response: { 200: passkeyResponseSchema },
      errors: { 404: "No such passkey of the signed-in person (`NOT_FOUND`)." },
      preHandler: [changeLimit],
    }),
    async (request) => ({
      passkey: await renamePasskey(db, sessionOf(request).user.id, request.params.id, request.body.name),
    }),
  );

  app.delete(
    "/api/auth/passkeys/:id",
    route("user", "Remove one of the signed-in person's passkeys (she is emailed about it)", {
      operationId: "removePasskey",
      params: passkeyIdParamsSchema,
      response: { 204: z.null() },
      errors: { 404: "No such passkey of the signed-in person (`NOT_FOUND`)." },
      preHandler: [changeLimit],
    }),
    async (request, reply) => {
      await removePasskey(db, config, sessionOf(request).user, request.params.id, clientInfoOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/auth/step-up/send-code",
    route(
      "user",
      "Email the signed-in person a step-up code, so a session whose sign-in is older than the step-up window can add a passkey (ADR 0076)",
      {
        operationId: "sendStepUpCode",
        response: { 200: stepUpCodeSentResponseSchema },
        preHandler: [
          stepUpIpLimit,
          rateLimitBy(app, "step-up-send-session", { max: STEP_UP_SEND_RATE_PER_SESSION, key: bySession }),
        ],
      },
    ),
    async (request) => {
      const session = sessionOf(request);
      const sent = await sendStepUpCode(
        db,
        session,
        deviceName(request.headers["user-agent"], session.user.language),
        clientInfoOf(request),
        config,
      );
      return { email: sent.email, expiresAt: sent.expiresAt.toISOString() };
    },
  );

  app.post(
    "/api/auth/step-up/verify-code",
    route(
      "user",
      "Type the step-up code on the session it was sent for: the session may then add a passkey for the step-up window (ADR 0076)",
      {
        operationId: "verifyStepUpCode",
        body: verifyStepUpCodeBodySchema,
        response: { 200: stepUpResponseSchema },
        errors: {
          400: `Not this session's live step-up code: wrong, expired, used, or none sent (\`${ERROR_CODES.STEP_UP_CODE_INVALID}\`).`,
          410: `The code has had 5 wrong tries and no longer works; send a new one (\`${ERROR_CODES.STEP_UP_CODE_EXHAUSTED}\`).`,
        },
        preHandler: [
          stepUpIpLimit,
          rateLimitBy(app, "step-up-verify-session", {
            max: STEP_UP_VERIFY_RATE_PER_SESSION,
            key: bySession,
          }),
        ],
      },
    ),
    async (request) => {
      const outcome = await verifyStepUpCode(
        db,
        sessionOf(request),
        request.body.code,
        clientInfoOf(request),
      );
      if (outcome.status === "ok") return { freshUntil: outcome.freshUntil.toISOString() };
      if (outcome.status === "exhausted") {
        throw new HttpError(
          410,
          ERROR_CODES.STEP_UP_CODE_EXHAUSTED,
          "Too many wrong tries: this code no longer works. Send a new code.",
        );
      }
      throw new HttpError(
        400,
        ERROR_CODES.STEP_UP_CODE_INVALID,
        "That code is not right, or it has expired. Check the newest email, or send a new code.",
      );
    },
  );
};
