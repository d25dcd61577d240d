import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type DemoRegistrationBody,
  demoRegistrationBodySchema,
  demoRegistrationListQuerySchema,
  demoRegistrationListResponseSchema,
  demoRegistrationResponseSchema,
  demoSlugParamsSchema,
  retailerDemoSettingsResponseSchema,
} from "../../common/api/demo-registrations";
import { DEMO_REGISTRATION_LIST_LIMIT, REGISTRATION_RATE_PER_IP } from "../../common/limits";
import { DEFAULT_DEMO_SLUG } from "../../common/retailer-demos";
import { csvOr, sendCsv } from "../http/csv";
import { requestLanguage } from "../http/language";
import { rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { listDemoRegistrations, registerForDemo, registrationsCsv, resolveDemo } from "./service";

const route = routesTagged("demo-registrations");

const RECEIVED_MESSAGE =
  "Registration received. You will get an email with a login QR code once provisioning is complete.";

/**
 * Store-demo registration routes (docs/product.md#7-api, ADR 0006): the fixed
 * `POST /api/send-schnucks-demo-email`, its general form `POST /api/demo-registrations/:slug`,
 * the admin list/CSV export, and the public settings of a demo.
 */
export const demoRegistrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const limit = rateLimitBy(app, "demo-registration-ip", { max: REGISTRATION_RATE_PER_IP });

  const register = async (
    slug: string,
    body: DemoRegistrationBody,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const demo = resolveDemo(config, slug);
    const result = await registerForDemo(db, config, demo, body, requestLanguage(request, body.language));
    if (result.created) app.ctx.outbox.wake();
    return reply.status(200).send({ registrationId: result.registrationId, message: RECEIVED_MESSAGE });
  };

  app.post(
    "/api/send-schnucks-demo-email",
    route("public", "Register for the default store demo (idempotent on registrationId)", {
      operationId: "registerForDefaultDemo",
      body: demoRegistrationBodySchema,
      response: { 200: demoRegistrationResponseSchema },
      errors: {
        400: "A field breaks a rule of the registration form (`FIELDS_REQUIRED`, `INVALID_EMAIL_DOMAIN`, `INVALID_PHONE`, `TERMS_NOT_ACCEPTED`, `VALIDATION_ERROR`).",
        409: "The registrationId was used before with other details (`IDEMPOTENCY_KEY_REUSED`).",
      },
      onRequest: [limit],
    }),
    async (request, reply) => register(DEFAULT_DEMO_SLUG, request.body, request, reply),
  );

  app.post(
    "/api/demo-registrations/:slug",
    route("public", "Register for a retailer's store demo (idempotent on registrationId)", {
      operationId: "registerForDemo",
      params: demoSlugParamsSchema,
      body: demoRegistrationBodySchema,
      response: { 200: demoRegistrationResponseSchema },
      errors: {
        400: "A field breaks a rule of the registration form (`FIELDS_REQUIRED`, `INVALID_EMAIL_DOMAIN`, `INVALID_PHONE`, `TERMS_NOT_ACCEPTED`, `VALIDATION_ERROR`).",
        409: "The registrationId was used before with other details (`IDEMPOTENCY_KEY_REUSED`).",
        404: "No store demo has that slug (`NOT_FOUND`).",
      },
      onRequest: [limit],
    }),
    async (request, reply) => register(request.params.slug, request.body, request, reply),
  );

  app.get(
    "/api/demo-registrations",
    route("admin", "Admin: list or export (format=csv) store-demo registrations", {
      operationId: "listDemoRegistrations",
      querystring: demoRegistrationListQuerySchema,
      response: {
        200: csvOr(
          demoRegistrationListResponseSchema,
          "The registrations (JSON), or every match as CSV with `format=csv`.",
        ),
      },
    }),
    async (request, reply) => {
      const { q, slug, format } = request.query;
      if (format === "csv") {
        const rows = await listDemoRegistrations(db, { q, slug });
        return sendCsv(reply, "demo-registrations.csv", registrationsCsv(rows));
      }
      const rows = await listDemoRegistrations(db, { q, slug, limit: DEMO_REGISTRATION_LIST_LIMIT + 1 });
      return reply.send({
        registrations: rows.slice(0, DEMO_REGISTRATION_LIST_LIMIT),
        truncated: rows.length > DEMO_REGISTRATION_LIST_LIMIT,
      });
    },
  );

  app.get(
    "/api/retailer-demos/:slug",
    route("public", "A store demo's company email domain and app download pages", {
      operationId: "getRetailerDemo",
      params: demoSlugParamsSchema,
      response: { 200: retailerDemoSettingsResponseSchema },
      errors: { 404: "No store demo has that slug (`NOT_FOUND`)." },
    }),
    async (request, reply) => {
      const demo = resolveDemo(config, request.params.slug);
      return reply.send({
        slug: demo.slug,
        emailDomain: demo.emailDomain,
        androidUrl: demo.androidUrl,
        iosUrl: demo.iosUrl,
      });
    },
  );
};
