import type { FastifyPluginAsync } from "fastify";
import { adminStatsRoutes } from "./admin/stats";
import { backgroundChecksRoutes } from "./background-checks/routes";
import { companiesRoutes } from "./companies/routes";
import { createStorage } from "./files/storage";
import { invitationsRoutes } from "./invitations/routes";
import { usersRoutes } from "./users/routes";

/**
 * The account portal API of issues #3 and #11: invitations, companies, dashboard figures,
 * background checks with their uploads, and user management. Checks and user deletion share one
 * file storage.
 */
export const portalRoutes: FastifyPluginAsync = async (app) => {
  const storage = createStorage(app.ctx.config);
  await app.register(invitationsRoutes);
  await app.register(companiesRoutes);
  await app.register(adminStatsRoutes);
  await app.register(backgroundChecksRoutes({ storage }));
  await app.register(usersRoutes({ storage }));
};
