import { and, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AdminStats, adminStatsSchema } from "../../common/api/companies";
import { sessionOf } from "../auth/access";
import { type ManageScope, manageScope, scopeFilter } from "../auth/policy";
import type { Database } from "../db/database";
import { backgroundChecks, companies, users } from "../db/schema";
import { errorResponses } from "../http/errors";
import { usersInScope } from "../users/service";

/**
 * The four admin dashboard figures (docs/product.md#2-pages; issue #3: Total Users is a real count). An admin
 * sees the whole system; a company admin their own company (ADR 0009): its users, the company
 * itself, and its users' checks. Total Users counts exactly the rows the Users list shows
 * (issue #11: one scope filter, `usersInScope`).
 */
export async function adminStats(db: Database, scope: ManageScope): Promise<AdminStats> {
  const userFilter = usersInScope(scope);
  const companyFilter = scopeFilter(scope, companies.id);
  const checksWith = async (status: "pending" | "approved") => {
    const [row] = await db
      .select({ n: count() })
      .from(backgroundChecks)
      .innerJoin(users, eq(users.id, backgroundChecks.userId))
      .where(
        userFilter
          ? and(eq(backgroundChecks.status, status), userFilter)
          : eq(backgroundChecks.status, status),
      );
    return row?.n ?? 0;
  };
  const [[userCount], [companyCount], pendingChecks, approved] = await Promise.all([
    db.select({ n: count() }).from(users).where(userFilter),
    db.select({ n: count() }).from(companies).where(companyFilter),
    checksWith("pending"),
    checksWith("approved"),
  ]);
  return { totalUsers: userCount?.n ?? 0, companies: companyCount?.n ?? 0, pendingChecks, approved };
}

/** `GET /api/admin/stats`: the dashboard cards, for anyone with manage rights. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/stats",
    {
      config: { access: "manager" },
      schema: {
        tags: ["admin"],
        summary: "Dashboard figures: users, companies, pending and approved checks (scoped)",
        response: { 200: adminStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return reply.send(await adminStats(app.ctx.db, manageScope(user)));
    },
  );
};
