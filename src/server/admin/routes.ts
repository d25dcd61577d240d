import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createInitialAdminBodySchema, messageResponseSchema } from "../../common/api/auth";
import { adminStatsSchema } from "../../common/api/companies";
import { ERROR_CODES } from "../../common/api/errors";
import { removedPasskeysResponseSchema } from "../../common/api/passkeys";
import {
  endSessionsResponseSchema,
  sessionListResponseSchema,
  userSessionParamsSchema,
} from "../../common/api/sessions";
import {
  updateUserBodySchema,
  userAuditQuerySchema,
  userAuditResponseSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from "../../common/api/users";
import { CREATE_INITIAL_RATE_PER_IP, PASSKEY_CHANGE_RATE_PER_SESSION } from "../../common/limits";
import { manageScopeOf, sessionOf } from "../auth/access";
import { clientInfoOf } from "../auth/audit";
import { issueBinding, setBindingCookie } from "../auth/binding";
import { adminExists, createInitialAdmin } from "../auth/service";
import { HttpError } from "../core/errors";
import { csvOr, sendCsv } from "../http/csv";
import { requestLanguage } from "../http/language";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import {
  adminStats,
  deleteUser,
  endUserSessions,
  listUserAudit,
  listUserSessions,
  listUsers,
  removeUserPasskeys,
  setUserActive,
  updateUser,
  userAuditCsv,
} from "./service";

const setupRoute = routesTagged("auth");
const statsRoute = routesTagged("admin");
const usersRoute = routesTagged("users");

/**
 * The admin area, every `/api/admin/*` route: first-admin setup (docs/product.md#7-api;
 * the sign-in itself is the auth module's), the dashboard figures (docs/product.md#2-pages; Total Users is a real count) and user
 * management (ADR 0009, 0017; contract in src/common/api/users.ts): list and search the users in
 * scope, change role and company (admins), deactivate and reactivate (managers), delete (admins),
 * see and end a user's sessions (managers, docs/product.md#12-account-records), and read, filter
 * and export the audit trail (ADR 0057). Deleting removes the user's uploaded files from
 * `ctx.storage`.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, storage } = app.ctx;

  app.get(
    "/api/admin/login-info",
    setupRoute("public", "404 while no admin exists (setup needed), 200 after", {
      operationId: "getLoginInfo",
      response: { 200: messageResponseSchema },
      errors: { 404: "No admin account exists yet: create the first one (`SETUP_REQUIRED`)." },
    }),
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
    setupRoute("public", "Create the first admin and email a magic link", {
      operationId: "createInitialAdmin",
      body: createInitialAdminBodySchema,
      response: { 201: messageResponseSchema },
      errors: {
        403: "In production only INITIAL_ADMIN_EMAIL may become the first admin (`INITIAL_ADMIN_EMAIL_ONLY`).",
        409: "An admin already exists (`ADMIN_EXISTS`), or the address has an account (`EMAIL_TAKEN`).",
      },
      onRequest: [rateLimitBy(app, "create-initial-ip", { max: CREATE_INITIAL_RATE_PER_IP })],
    }),
    async (request, reply) => {
      const binding = issueBinding();
      const { email, fullName, language } = request.body;
      await createInitialAdmin(
        db,
        config,
        { email, fullName, language: requestLanguage(request, language) },
        binding.hash,
        clientInfoOf(request),
      );
      setBindingCookie(reply, binding.raw);
      return reply
        .status(201)
        .send({ message: "Admin account created. Check your email for a secure login link." });
    },
  );

  app.get(
    "/api/admin/stats",
    statsRoute("manager", "Dashboard figures: users, companies, pending and approved checks (scoped)", {
      operationId: "getAdminStats",
      response: { 200: adminStatsSchema },
    }),
    async (request) => adminStats(db, manageScopeOf(request)),
  );

  app.get(
    "/api/admin/users",
    usersRoute("manager", "Users in the caller's scope, by name; q searches name and email", {
      operationId: "listUsers",
      querystring: userListQuerySchema,
      response: { 200: userListResponseSchema },
    }),
    async (request) => listUsers(db, manageScopeOf(request), request.query),
  );

  app.get(
    "/api/admin/users/audit",
    usersRoute(
      "manager",
      "The audit trail in the caller's scope, newest first; filter by person, kind and dates; format=csv downloads every match",
      {
        operationId: "listUserAudit",
        querystring: userAuditQuerySchema,
        response: {
          200: csvOr(
            userAuditResponseSchema,
            "A page of entries (JSON), or every match as CSV with `format=csv`.",
          ),
        },
      },
    ),
    async (request, reply) => {
      const { format, ...filters } = request.query;
      if (format === "csv") {
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(
          reply,
          `aisleiq-audit-${day}.csv`,
          await userAuditCsv(db, manageScopeOf(request), filters),
        );
      }
      return reply.send(await listUserAudit(db, manageScopeOf(request), filters));
    },
  );

  app.get(
    "/api/admin/users/:id/sessions",
    usersRoute("manager", "A user's live sessions: admins any user's, company admins their company's", {
      operationId: "listUserSessions",
      params: userIdParamsSchema,
      response: { 200: sessionListResponseSchema },
      errors: {
        404: "No such user in the caller's scope (`NOT_FOUND`)",
      },
    }),
    async (request) => {
      const session = sessionOf(request);
      return {
        sessions: await listUserSessions(db, session.user, request.params.id, session.sessionId),
      };
    },
  );

  app.delete(
    "/api/admin/users/:id/sessions",
    usersRoute("manager", "End every session of a user at once (signs them out everywhere)", {
      operationId: "endUserSessions",
      params: userIdParamsSchema,
      response: { 200: endSessionsResponseSchema },
      errors: {
        404: "No such user in the caller's scope (`NOT_FOUND`)",
      },
    }),
    async (request) => ({
      ended: await endUserSessions(
        db,
        sessionOf(request).user,
        request.params.id,
        undefined,
        clientInfoOf(request),
      ),
    }),
  );

  app.delete(
    "/api/admin/users/:id/sessions/:sessionId",
    usersRoute("manager", "End one session of a user at once", {
      operationId: "endUserSession",
      params: userSessionParamsSchema,
      response: { 200: endSessionsResponseSchema },
      errors: {
        404: "No such user in the caller's scope (`NOT_FOUND`)",
      },
    }),
    async (request) => ({
      ended: await endUserSessions(
        db,
        sessionOf(request).user,
        request.params.id,
        request.params.sessionId,
        clientInfoOf(request),
      ),
    }),
  );

  app.patch(
    "/api/admin/users/:id",
    usersRoute("admin", "Change a user's role and/or company (admins; never themselves)", {
      operationId: "updateUser",
      params: userIdParamsSchema,
      body: updateUserBodySchema,
      response: { 200: userResponseSchema },
      errors: {
        400: "The company does not exist (`COMPANY_NOT_FOUND`), or a company admin needs one (`COMPANY_REQUIRED`).",
        403: "Not on the caller's own account (`SELF_MANAGEMENT_FORBIDDEN`), nor on a user the caller may not manage (`FORBIDDEN`).",
        404: "No such user in the caller's scope (`NOT_FOUND`).",
      },
    }),
    async (request) => ({
      user: await updateUser(
        db,
        sessionOf(request).user,
        request.params.id,
        request.body,
        clientInfoOf(request),
      ),
    }),
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      usersRoute(
        "manager",
        active
          ? "Reactivate a user (managers, own company; never admins or themselves)"
          : "Deactivate a user and end their sessions and links at once",
        {
          operationId: active ? "reactivateUser" : "deactivateUser",
          params: userIdParamsSchema,
          response: { 200: userResponseSchema },
          errors: {
            403: active
              ? "Not on the caller's own account (`SELF_MANAGEMENT_FORBIDDEN`), nor on a user the caller may not manage or an admin deactivated (`FORBIDDEN`)."
              : "Not on the caller's own account (`SELF_MANAGEMENT_FORBIDDEN`), nor on a user the caller may not manage (`FORBIDDEN`).",
            404: "No such user in the caller's scope (`NOT_FOUND`).",
          },
        },
      ),
      async (request) => ({
        user: await setUserActive(
          db,
          sessionOf(request).user,
          request.params.id,
          active,
          clientInfoOf(request),
        ),
      }),
    );
  }

  app.delete(
    "/api/admin/users/:id/passkeys",
    usersRoute(
      "manager",
      "Remove every passkey of a user, e.g. a lost device (managers, own company; never admins or themselves); she is emailed",
      {
        operationId: "removeUserPasskeys",
        params: userIdParamsSchema,
        response: { 200: removedPasskeysResponseSchema },
        errors: {
          403: "Not on the caller's own account (`SELF_MANAGEMENT_FORBIDDEN`), nor on a user the caller may not manage (`FORBIDDEN`).",
          404: "No such user in the caller's scope (`NOT_FOUND`).",
        },
        preHandler: [
          rateLimitBy(app, "admin-passkeys-session", {
            max: PASSKEY_CHANGE_RATE_PER_SESSION,
            key: bySession,
          }),
        ],
      },
    ),
    async (request) => ({
      removed: await removeUserPasskeys(
        db,
        config,
        sessionOf(request).user,
        request.params.id,
        clientInfoOf(request),
      ),
    }),
  );

  app.delete(
    "/api/admin/users/:id",
    usersRoute("admin", "Delete a user with their background checks and files (admins; never themselves)", {
      operationId: "deleteUser",
      params: userIdParamsSchema,
      response: { 204: z.null() },
      errors: {
        403: "Not on the caller's own account (`SELF_MANAGEMENT_FORBIDDEN`), nor on a user the caller may not manage (`FORBIDDEN`).",
        404: "No such user in the caller's scope (`NOT_FOUND`).",
      },
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      await deleteUser(db, storage, user, request.params.id, clientInfoOf(request));
      return reply.status(204).send(null);
    },
  );
};
