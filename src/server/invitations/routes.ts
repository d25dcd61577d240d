import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  inspectInvitationBodySchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationPreviewSchema,
  invitationSummarySchema,
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

const route = routesTagged("invitations");

/** Invitations (docs/product.md#7-api): send, preview, accept, list, resend, revoke. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  /** Sending and re-sending count under one name, per session. */
  const sendLimit = () =>
    rateLimitBy(app, "invitation-send", { max: INVITATION_SEND_RATE_PER_SESSION, key: bySession });

  app.post(
    "/api/invitations/send",
    route("manager", "Invite someone by email (admin: any role and company; company admin: own company)", {
      operationId: "sendInvitation",
      body: sendInvitationBodySchema,
      response: { 201: invitationSummarySchema },
      errors: {
        400: "The company does not exist (`COMPANY_NOT_FOUND`), or a company admin needs one (`COMPANY_REQUIRED`).",
        403: "A role or company the caller may not invite to (`FORBIDDEN`).",
        409: "The address has an account (`EMAIL_TAKEN`), or a pending invitation names another company and `replaceCompany` is not set (`INVITATION_COMPANY_CONFLICT`).",
      },
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
      operationId: "listInvitations",
      response: { 200: invitationListResponseSchema },
    }),
    async (request) => listInvitations(db, manageScopeOf(request)),
  );

  // The token in the body, as the magic link's inspect does, never in the path (ADR 0055).
  app.post(
    "/api/invitations/inspect",
    route("public", "Check an invitation link: email, role and company, or 404 / 410", {
      operationId: "inspectInvitation",
      body: inspectInvitationBodySchema,
      response: { 200: invitationPreviewSchema, ...tokenErrorResponses },
      onRequest: [rateLimitBy(app, "invitation-preview-ip", { max: INVITATION_PREVIEW_RATE_PER_IP })],
    }),
    async (request, reply) => reply.send(await previewInvitation(db, request.body.token)),
  );

  app.post(
    "/api/invitations/accept",
    route("public", "Accept an invitation: creates the account and signs it in", {
      operationId: "acceptInvitation",
      body: acceptInvitationBodySchema,
      response: { 201: acceptInvitationResponseSchema, ...tokenErrorResponses },
      errors: { 409: "The address already has an account (`EMAIL_TAKEN`)." },
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
      operationId: "resendInvitation",
      params: invitationIdParamsSchema,
      response: { 200: invitationSummarySchema },
      errors: {
        403: "An invitation with a role or company the caller may not invite (`FORBIDDEN`).",
        404: "No such invitation in the caller's scope (`NOT_FOUND`).",
        409: "The invitation was accepted (`INVITATION_ACCEPTED`) or revoked (`INVITATION_REVOKED`), or the address has an account (`EMAIL_TAKEN`).",
      },
      onRequest: [sendLimit()],
    }),
    async (request) =>
      resendInvitation(db, config, sessionOf(request).user, request.params.id, clientInfoOf(request)),
  );

  app.delete(
    "/api/invitations/:id",
    route("manager", "Revoke an invitation so its link stops working", {
      operationId: "revokeInvitation",
      params: invitationIdParamsSchema,
      response: { 200: invitationSummarySchema },
      errors: {
        403: "An invitation with a role or company the caller may not invite (`FORBIDDEN`).",
        404: "No such invitation in the caller's scope (`NOT_FOUND`).",
        409: "The invitation was accepted (`INVITATION_ACCEPTED`).",
      },
    }),
    async (request) =>
      revokeInvitation(db, sessionOf(request).user, request.params.id, clientInfoOf(request)),
  );
};
