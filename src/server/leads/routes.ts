import { randomInt } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  leadBodySchema,
  leadCreatedResponseSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadProblem,
} from "../../common/api/leads";
import { LEAD_RATE_PER_IP } from "../../common/limits";
import { badRequest } from "../core/errors";
import { csvOr, sendCsv } from "../http/csv";
import { requestLanguage } from "../http/language";
import { rateLimitBy } from "../http/rate-limit";
import { routesTagged } from "../http/route";
import { createLead, leadFacets, leadsCsv, listLeads } from "./service";

const route = routesTagged("leads");

/** True when the honeypot field `website`, which people never see, was filled in (a bot). */
function isBot(body: unknown): boolean {
  const website =
    typeof body === "object" && body !== null ? (body as { website?: unknown }).website : undefined;
  return typeof website === "string" ? website.trim() !== "" : website !== undefined && website !== null;
}

/**
 * Get Started leads (docs/product.md#4-states, #7-api): `POST /api/send-get-started-email` stores a lead and
 * queues two emails; `GET /api/leads` lists (JSON, paged) or exports (CSV) them for admins.
 */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const limit = rateLimitBy(app, "lead-ip", { max: LEAD_RATE_PER_IP });

  /**
   * Runs before schema validation: a bot that filled the honeypot gets a believable 201 and
   * nothing is stored or sent; otherwise the docs/product.md#5-validation checks give the form's exact messages,
   * in the form's order, even for missing fields.
   */
  const screen = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isBot(request.body)) {
      request.log.info({ event: "lead_honeypot" }, "Get Started honeypot filled: nothing stored or sent");
      return reply.status(201).send({ id: randomInt(1000, 100_000) });
    }
    const problem = leadProblem(request.body);
    if (problem) throw badRequest(problem);
  };

  app.post(
    "/api/send-get-started-email",
    route("public", "Submit a Get Started lead: stored, then emailed to sales and to the visitor", {
      operationId: "submitLead",
      body: leadBodySchema,
      response: { 201: leadCreatedResponseSchema },
      onRequest: [limit],
      preValidation: [screen],
    }),
    async (request, reply) => {
      const id = await createLead(db, config, request.body, requestLanguage(request, request.body.language));
      app.ctx.outbox.wake();
      return reply.status(201).send({ id });
    },
  );

  app.get(
    "/api/leads",
    route(
      "admin",
      "Admin: leads newest first; q searches, utm_source/utm_medium/utm_campaign filter, format=csv downloads every match",
      {
        operationId: "listLeads",
        querystring: leadListQuerySchema,
        response: {
          200: csvOr(
            leadListResponseSchema,
            "The page of leads (JSON), or every match as CSV with `format=csv`.",
          ),
        },
      },
    ),
    async (request, reply) => {
      const { format, limit: pageSize, offset, ...filter } = request.query;
      if (format === "csv") {
        const { leads } = await listLeads(db, filter);
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(reply, `aisleiq-leads-${day}.csv`, leadsCsv(leads));
      }
      const [page, facets] = await Promise.all([
        listLeads(db, { ...filter, limit: pageSize, offset }),
        leadFacets(db),
      ]);
      return reply.send({ ...page, limit: pageSize, offset, facets });
    },
  );
};
