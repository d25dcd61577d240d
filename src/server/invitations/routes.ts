import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  invitationIdParams,
  invitationListResponse,
  invitationPreviewSchema,
  invitationSummarySchema,
  invitationTokenParams,
  sendInvitationBody,
} from "../../common/api/invitations";
import { sessionOf } from "../auth/access";
import { bySessionOrIp, startSessionCookie } from "../auth/guards";
import { manageScope } from "../auth/policy";
import { toSessionUser } from "../auth/routes";
import { tokenErrorResponses } from "../auth/verification-tokens";
import { errorResponses } from "../http/errors";
import { namedLanguage, requestLanguage } from "../http/language";
import { rateLimitBy } from "../http/rate-limit";
import {
  acceptInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from "./service";

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);
const WINDOW_MS = 15 * 60 * 1000;

/** Invitations (docs/product.md#7-api, issue #3): send, preview, accept, list, resend, revoke. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const bySession = bySessionOrIp;

  app.post(
    "/api/invitations/send",
    {
      config: { access: "manager" },
      onRequest: [rateLimitBy(app, "invitation-send", { max: 60, timeWindow: WINDOW_MS, key: bySession })],
      schema: {
        tags: ["invitations"],
        summary: "Invite someone by email (admin: any role and company; company admin: own company)",
        body: sendInvitationBody,
        response: { 201: invitationSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const language = requestLanguage(request, request.body.language);
      return reply.status(201).send(await sendInvitation(db, config, user, { ...request.body, language }));
    },
  );

  app.get(
    "/api/invitations",
    {
      config: { access: "manager" },
      schema: {
        tags: ["invitations"],
        summary: "Invitations the caller manages, newest first, with status",
        response: { 200: invitationListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return reply.send(await listInvitations(db, manageScope(user)));
    },
  );

  app.get(
    "/api/invitations/:token",
    {
      config: { access: "public" },
      onRequest: [rateLimitBy(app, "invitation-preview-ip", { max: 60, timeWindow: WINDOW_MS })],
      schema: {
        tags: ["invitations"],
        summary: "Check an invitation link: email, role and company, or 404 / 410",
        params: invitationTokenParams,
        response: { 200: invitationPreviewSchema, ...errors, ...tokenErrorResponses },
      },
    },
    async (request, reply) => reply.send(await previewInvitation(db, request.params.token)),
  );

  app.post(
    "/api/invitations/accept",
    {
      config: { access: "public" },
      onRequest: [rateLimitBy(app, "invitation-accept-ip", { max: 30, timeWindow: WINDOW_MS })],
      schema: {
        tags: ["invitations"],
        summary: "Accept an invitation: creates the account and signs it in",
        body: acceptInvitationBody,
        response: { 201: acceptInvitationResponse, ...errors, ...tokenErrorResponses },
      },
    },
    async (request, reply) => {
      const { token, fullName, language } = request.body;
      const { user, session } = await acceptInvitation(db, token, fullName, namedLanguage(request, language));
      await startSessionCookie(request, reply, session);
      return reply.status(201).send({ user: toSessionUser(user) });
    },
  );

  app.post(
    "/api/invitations/:id/resend",
    {
      config: { access: "manager" },
      onRequest: [rateLimitBy(app, "invitation-send", { max: 60, timeWindow: WINDOW_MS, key: bySession })],
      schema: {
        tags: ["invitations"],
        summary: "Send an invitation again with a new link and a fresh expiry",
        params: invitationIdParams,
        response: { 200: invitationSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return reply.send(await resendInvitation(db, config, user, manageScope(user), request.params.id));
    },
  );

  app.delete(
    "/api/invitations/:id",
    {
      config: { access: "manager" },
      schema: {
        tags: ["invitations"],
        summary: "Revoke an invitation so its link stops working",
        params: invitationIdParams,
        response: { 200: invitationSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return reply.send(await revokeInvitation(db, user, manageScope(user), request.params.id));
    },
  );
};
