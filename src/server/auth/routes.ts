import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createInitialAdminBody,
  meResponse,
  messageResponse,
  type SessionUser,
  sendMagicLinkBody,
  verifyMagicLinkBody,
  verifyMagicLinkResponse,
} from "../../common/api/auth";
import { apiErrorSchema, ERROR_CODES } from "../../common/api/errors";
import {
  MAGIC_LINK_RATE_PER_EMAIL,
  MAGIC_LINK_RATE_PER_IP,
  MAGIC_LINK_RATE_WINDOW_MS,
} from "../../common/limits";
import { errorResponses, HttpError } from "../http/errors";
import { rateLimitBy } from "../http/rate-limit";
import { sessionOf } from "./access";
import { isSecure, sessionCookieOptions } from "./guards";
import { adminExists, createInitialAdmin, sendMagicLink, verifyMagicLink } from "./service";
import { deleteSession, SESSION_COOKIE, type UserRow } from "./sessions";

/** Maps a user row to the public shape of spec §3 (no internal columns). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    companyId: user.companyId,
    isActive: user.isActive,
    isEmailVerified: user.isEmailVerified,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  };
}

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** Auth routes of spec §7 and issue #2: first-admin setup, magic links, session, sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const windowMs = MAGIC_LINK_RATE_WINDOW_MS;

  app.get(
    "/api/admin/login-info",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "404 while no admin exists (setup needed), 200 after",
        response: { 200: messageResponse, 404: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      if (!(await adminExists(db))) {
        throw new HttpError(
          404,
          ERROR_CODES.SETUP_REQUIRED,
          "No admin account exists yet. Create the first one.",
        );
      }
      return reply.send({ message: "Sign in with a magic link." });
    },
  );

  app.post(
    "/api/admin/create-initial",
    {
      config: { access: "public" },
      onRequest: [rateLimitBy(app, "create-initial-ip", { max: 30, timeWindow: windowMs })],
      schema: {
        tags: ["auth"],
        summary: "Create the first admin and email a magic link",
        body: createInitialAdminBody,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await createInitialAdmin(db, config, request.body);
      return reply
        .status(201)
        .send({ message: "Admin account created. Check your email for a secure login link." });
    },
  );

  app.post(
    "/api/auth/send-magic-link",
    {
      config: { access: "public" },
      // Per IP before the body is even parsed; per email once the address is validated and
      // normalised (issue #10: limits count before validation work).
      onRequest: [rateLimitBy(app, "magic-link-ip", { max: MAGIC_LINK_RATE_PER_IP, timeWindow: windowMs })],
      preHandler: [
        rateLimitBy(app, "magic-link-email", {
          max: MAGIC_LINK_RATE_PER_EMAIL,
          timeWindow: windowMs,
          key: (request) =>
            String((request.body as { email?: unknown } | undefined)?.email ?? "")
              .trim()
              .toLowerCase(),
        }),
      ],
      schema: {
        tags: ["auth"],
        summary: "Email a sign-in link; same answer whether or not the account exists",
        body: sendMagicLinkBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await sendMagicLink(db, config, request.body.email);
      return reply.send({
        message: "If an account exists for that address, a secure login link is on its way.",
      });
    },
  );

  app.post(
    "/api/auth/verify-magic-link",
    {
      config: { access: "public" },
      onRequest: [rateLimitBy(app, "verify-ip", { max: 60, timeWindow: windowMs })],
      schema: {
        tags: ["auth"],
        summary: "Consume a magic link and start a session",
        body: verifyMagicLinkBody,
        response: { 200: verifyMagicLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = await verifyMagicLink(db, request.body.token);
      reply.setCookie(
        SESSION_COOKIE,
        session.token,
        sessionCookieOptions(isSecure(config), session.expiresAt),
      );
      return reply.send({ user: toSessionUser(user) });
    },
  );

  app.get(
    "/api/auth/me",
    {
      config: { access: "user" },
      schema: {
        tags: ["auth"],
        summary: "The signed-in user and company",
        response: { 200: meResponse, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      return reply.send({ user: toSessionUser(session.user), company: session.company });
    },
  );

  app.post(
    "/api/auth/logout",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "End the session and clear the cookie",
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const raw = request.cookies[SESSION_COOKIE];
      if (raw) await deleteSession(db, raw);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.send({ message: "Signed out." });
    },
  );
};
