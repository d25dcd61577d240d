import type { SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { z } from "zod";
import { declareContextAccess } from "../auth/access";

/** Where the OpenAPI document is served (issue #14 item 7). */
export const OPENAPI_PATH = "/api/openapi.json";
/** Where the interactive API reference page is served (issue #14 item 7). */
export const API_DOCS_PATH = "/api/docs";

/**
 * Serves the API's own documentation, both public and hidden from the document itself:
 * - `GET /api/openapi.json`: the OpenAPI 3 document `@fastify/swagger` builds from the routes'
 *   zod schemas;
 * - `GET /api/docs`: an interactive reference (Swagger UI through `@fastify/swagger-ui`). Every
 *   asset comes from the npm package and is served by this server under `/api/docs/static/`
 *   (no CDN), and the page has no inline script, so it runs under the site's CSP
 *   (`script-src 'self'`, see `security-headers.ts`); the online validator badge is off.
 * Call after `@fastify/swagger` is registered and before the routes are ready.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { access: "public" },
      schema: { hide: true, summary: "The OpenAPI document of this API" },
    },
    async () => app.swagger(),
  );
  // Swagger UI registers its routes (page, assets, /json, /yaml) in a child context of its own,
  // without our route options: declare them public for the whole encapsulated scope.
  await app.register(async (scope) => {
    declareContextAccess(scope, "public");
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      validatorUrl: false,
      theme: { title: "AisleIQ API reference" },
      uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 },
    });
  });
}

/**
 * A route-level `config.swaggerTransform` that documents `body` (a zod object) as the request
 * body without validating it, for multipart routes whose parts the handler reads as streams: a
 * `schema.body` would be checked against the body Fastify parsed, which is empty there. The
 * media type comes from the route's `schema.consumes` (e.g. `multipart/form-data`).
 */
export function documentedBody(body: z.ZodType): SwaggerTransform {
  return (input) =>
    jsonSchemaTransform({ ...input, schema: { ...input.schema, body } } as Parameters<
      typeof jsonSchemaTransform
    >[0]);
}
