import type { FastifyPluginAsync } from "fastify";
import { adminStatsRoutes } from "./admin/stats";
import { backgroundChecksRoutes } from "./background-checks/routes";
import { companiesRoutes } from "./companies/routes";
import { invitationsRoutes } from "./invitations/routes";

/**
 * The account portal API of issue #3: invitations, companies, dashboard figures and background
 * checks with their uploads.
 */
export const portalRoutes: FastifyPluginAsync = async (app) => {
  await app.register(invitationsRoutes);
  await app.register(companiesRoutes);
  await app.register(adminStatsRoutes);
  await app.register(backgroundChecksRoutes());
};
