import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
} from "../../common/api/webhooks";
import { WEBHOOK_RETRY_RATE_PER_SESSION } from "../../common/limits";
import { bySession, rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { listWebhookDeliveries, retryWebhookDelivery, webhookEndpoint } from "./service";

const route = routesTagged("webhooks", 400, 401, 403);

/**
 * The CRM webhook's delivery log for admins (ADR 0051): `GET /api/admin/webhook-deliveries`
 * lists every delivery with its status, `POST /api/admin/webhook-deliveries/:id/retry` sends
 * one again now.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;

  app.get(
    "/api/admin/webhook-deliveries",
    route("admin", "Admin: CRM webhook deliveries, newest first, with their status", {
      querystring: webhookDeliveryListQuerySchema,
      response: { 200: webhookDeliveryListResponseSchema },
    }),
    async (request) => ({
      ...(await listWebhookDeliveries(db, request.query)),
      limit: request.query.limit,
      offset: request.query.offset,
      endpoint: webhookEndpoint(config),
    }),
  );

  app.post(
    "/api/admin/webhook-deliveries/:id/retry",
    route("admin", "Admin: send a failed or waiting CRM webhook delivery again now", {
      params: webhookDeliveryParamsSchema,
      response: { 200: webhookDeliverySchema },
      errors: [400, 401, 403, 404, 409, 429],
      preHandler: [
        rateLimitBy(app, "webhook-retry", { max: WEBHOOK_RETRY_RATE_PER_SESSION, key: bySession }),
      ],
    }),
    async (request) => {
      const delivery = await retryWebhookDelivery(db, request.params.id);
      app.ctx.outbox.wake();
      return delivery;
    },
  );
};
