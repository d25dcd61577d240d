import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationPreviewSchema,
  invitationSummarySchema,
  invitationTokenParamsSchema,
  sendInvitationBodySchema,
} from "../../common/api/invitations";
import {
  INVITATION_ACCEPT_RATE_PER_IP,
  INVITATION_PREVIEW_RATE_PER_IP,
  INVITATION_SEND_RATE_PER_SESSION,
} from "../../common/limits";
import { manageScopeOf, sessionOf } from "../auth/access";
import { clientInfoOf } from "../auth/audit";
import { startSessionCookie } from "../auth/guards";
import { toSessionUser } from "../auth/sessions";
import { tokenErrorResponses } from "../auth/verification-tokens";
import { namedLanguage, requestLanguage } from "../http/language";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import {
  acceptInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from "./service";

const route = routesTagged("invitations", 400, 401, 403, 404, 409, 410, 429);

/** Invitations (docs/product.md#7-api, issue #3): send, preview, accept, list, resend, revoke. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  /** Sending and re-sending count under one name, per session. */
  const sendLimit = () =>
    rateLimitBy(app, "invitation-send", { max: INVITATION_SEND_RATE_PER_SESSION, key: bySession });

  app.post(
    "/api/invitations/send",
    route("manager", "Invite someone by email (admin: any role and company; company admin: own company)", {
      body: sendInvitationBodySchema,
      response: { 201: invitationSummarySchema },
      onRequest: [sendLimit()],
    }),
    async (request, reply) => {
      const { user } = sessionOf(request);
      const language = requestLanguage(request, request.body.language);
      return reply
        .status(201)
        .send(await sendInvitation(db, config, user, { ...request.body, language }, clientInfoOf(request)));
    },
  );

  app.get(
    "/api/invitations",
    route("manager", "Invitations the caller manages, newest first, with status", {
      response: { 200: invitationListResponseSchema },
    }),
    async (request) => listInvitations(db, manageScopeOf(request)),
  );

  app.get(
    "/api/invitations/:token",
    route("public", "Check an invitation link: email, role and company, or 404 / 410", {
      params: invitationTokenParamsSchema,
      response: { 200: invitationPreviewSchema, ...tokenErrorResponses },
      onRequest: [rateLimitBy(app, "invitation-preview-ip", { max: INVITATION_PREVIEW_RATE_PER_IP })],
    }),
    async (request, reply) => reply.send(await previewInvitation(db, request.params.token)),
  );

  app.post(
    "/api/invitations/accept",
    route("public", "Accept an invitation: creates the account and signs it in", {
      body: acceptInvitationBodySchema,
      response: { 201: acceptInvitationResponseSchema, ...tokenErrorResponses },
      onRequest: [rateLimitBy(app, "invitation-accept-ip", { max: INVITATION_ACCEPT_RATE_PER_IP })],
    }),
    async (request, reply) => {
      const { token, fullName, language } = request.body;
      const { user, session } = await acceptInvitation(
        db,
        token,
        fullName,
        namedLanguage(request, language),
        clientInfoOf(request),
      );
      await startSessionCookie(request, reply, session);
      return reply.status(201).send({ user: toSessionUser(user) });
    },
  );

  app.post(
    "/api/invitations/:id/resend",
    route("manager", "Send an invitation again with a new link and a fresh expiry", {
      params: invitationIdParamsSchema,
      response: { 200: invitationSummarySchema },
      onRequest: [sendLimit()],
    }),
    async (request) =>
      resendInvitation(db, config, sessionOf(request).user, request.params.id, clientInfoOf(request)),
  );

  app.delete(
    "/api/invitations/:id",
    route("manager", "Revoke an invitation so its link stops working", {
      params: invitationIdParamsSchema,
      response: { 200: invitationSummarySchema },
    }),
    async (request) =>
      revokeInvitation(db, sessionOf(request).user, request.params.id, clientInfoOf(request)),
  );
};
