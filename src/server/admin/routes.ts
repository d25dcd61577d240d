import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  updateUserBody,
  userAuditQuery,
  userAuditResponse,
  userIdParams,
  userListQuery,
  userListResponse,
  userResponse,
} from "../../common/api/users";
import { sessionOf } from "../auth/access";
import { manageScope } from "../auth/policy";
import { createStorage, type FileStorage } from "../files/storage";
import { errorResponses } from "../http/errors";
import { deleteUser, listUserAudit, listUsers, setUserActive, updateUser } from "./service";

const errors = errorResponses(400, 401, 403, 404);

/**
 * User management (issue #11; contract in src/common/api/users.ts): list and search the users
 * in scope, change role and company (admins), deactivate and reactivate (managers), delete
 * (admins), and read the audit trail. Deleting removes the user's uploaded files from the
 * storage given, or the one the configuration selects.
 */
export function usersRoutes(options: { storage?: FileStorage } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, config } = app.ctx;
    const storage = options.storage ?? createStorage(config);

    app.get(
      "/api/admin/users",
      {
        config: { access: "manager" },
        schema: {
          tags: ["users"],
          summary: "Users in the caller's scope, by name; q searches name and email",
          querystring: userListQuery,
          response: { 200: userListResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        return reply.send(await listUsers(db, manageScope(user), request.query));
      },
    );

    app.get(
      "/api/admin/users/audit",
      {
        config: { access: "manager" },
        schema: {
          tags: ["users"],
          summary: "The user audit trail in the caller's scope, newest first",
          querystring: userAuditQuery,
          response: { 200: userAuditResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        return reply.send(await listUserAudit(db, manageScope(user), request.query));
      },
    );

    app.patch(
      "/api/admin/users/:id",
      {
        config: { access: "admin" },
        schema: {
          tags: ["users"],
          summary: "Change a user's role and/or company (admins; never themselves)",
          params: userIdParams,
          body: updateUserBody,
          response: { 200: userResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        return reply.send({ user: await updateUser(db, user, request.params.id, request.body) });
      },
    );

    for (const [action, active] of [
      ["deactivate", false],
      ["reactivate", true],
    ] as const) {
      app.post(
        `/api/admin/users/:id/${action}`,
        {
          config: { access: "manager" },
          schema: {
            tags: ["users"],
            summary: active
              ? "Reactivate a user (managers, own company; never admins or themselves)"
              : "Deactivate a user and end their sessions and links at once",
            params: userIdParams,
            response: { 200: userResponse, ...errors },
          },
        },
        async (request, reply) => {
          const { user } = sessionOf(request);
          return reply.send({ user: await setUserActive(db, user, request.params.id, active) });
        },
      );
    }

    app.delete(
      "/api/admin/users/:id",
      {
        config: { access: "admin" },
        schema: {
          tags: ["users"],
          summary: "Delete a user with their background checks and files (admins; never themselves)",
          params: userIdParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        await deleteUser(db, storage, user, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
