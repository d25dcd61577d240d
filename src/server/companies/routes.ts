import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  companyListResponseSchema,
  companySchema,
  createCompanyBodySchema,
} from "../../common/api/companies";
import { routesTagged } from "../http/route";
import { createCompany, listCompanies } from "./service";

const route = routesTagged("companies");

/** Companies (docs/product.md#7-api): list and create, admin only. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    "/api/companies",
    route("admin", "Every company (admin only)", {
      operationId: "listCompanies",
      response: { 200: companyListResponseSchema },
    }),
    async () => listCompanies(db),
  );

  app.post(
    "/api/companies",
    route("admin", "Create a company (admin only); duplicate email answers 409", {
      operationId: "createCompany",
      body: createCompanyBodySchema,
      response: { 201: companySchema },
      errors: { 409: "Another company has this email (`COMPANY_EMAIL_TAKEN`)." },
    }),
    async (request, reply) => reply.status(201).send(await createCompany(db, request.body)),
  );
};
