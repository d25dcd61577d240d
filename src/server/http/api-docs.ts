import type { SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { z } from "zod";
import { declareContextAccess, type RouteAccess } from "../auth/access";
import { SESSION_COOKIE } from "../auth/sessions";

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

/** Who may call a route, as the reference shows it (route-declared access, ADR 0017). */
const ACCESS_TEXT: Record<Exclude<RouteAccess, "public">, string> = {
  user: "Signed-in users.",
  manager: "Admins and company admins.",
  admin: "Admins only.",
};

/**
 * Options of `@fastify/swagger`: the document's header and the session cookie as its security
 * scheme. Non-public operations name that scheme and say who may call them (see
 * {@link openApiTransform}).
 */
export const openApiOptions = {
  openapi: {
    info: { title: "AisleIQ API", version: "0.1.0" },
    components: {
      securitySchemes: {
        session: {
          type: "apiKey" as const,
          in: "cookie",
          name: SESSION_COOKIE,
          description:
            "The session cookie a sign-in sets (magic link or accepted invitation; HttpOnly, SameSite=Lax).",
        },
      },
    },
  },
  transform: openApiTransform,
};

/**
 * The document transform: zod schemas to JSON Schema (`fastify-type-provider-zod`), plus, for a
 * route whose declared access is not `public`, the `session` security requirement and a
 * description naming who may call it.
 */
export function openApiTransform(input: Parameters<SwaggerTransform>[0]): ReturnType<SwaggerTransform> {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const access = input.route.config?.access;
  if (access === undefined || access === "public") return transformed;
  const schema = transformed.schema as Record<string, unknown>;
  const description = [ACCESS_TEXT[access], schema.description].filter(Boolean).join(" ");
  return { ...transformed, schema: { ...schema, description, security: [{ session: [] }] } };
}

/**
 * A route-level `config.swaggerTransform` that documents `body` (a zod object) as the request
 * body without validating it, for multipart routes whose parts the handler reads as streams: a
 * `schema.body` would be checked against the body Fastify parsed, which is empty there. The
 * media type comes from the route's `schema.consumes` (e.g. `multipart/form-data`).
 */
export function documentedBody(body: z.ZodType): SwaggerTransform {
  return (input) => openApiTransform({ ...input, schema: { ...input.schema, body } });
}
