import type { SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { SITE_CONFIG } from "../../common/site-config";
import type { AppConfig } from "../config";
import { declareContextAccess } from "../core/route-access";
import { sessionCookieName } from "../core/session-cookie";
import { apiErrorBodySchema, apiErrorSchema } from "./errors";
import { API_TAGS } from "./route";

/** Where the OpenAPI document is served (ADR 0021). */
export const OPENAPI_PATH = "/api/openapi.json";
/** Where the interactive API reference page is served (ADR 0021). */
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

/** The description at the top of the document (`info.description`). */
const API_DESCRIPTION = [
  "The HTTP API behind AisleIQ's public site and account portal: Get Started leads and store-demo",
  "registrations from the public pages, passwordless sign-in by magic link, invitations, users,",
  "companies and background checks. Every error answers `{error, code}` (`code` from a fixed",
  "registry; validation errors add `field`). Operations that need a session read the session",
  "cookie a sign-in sets; calls that change state from a browser must come from this origin.",
  "Generating a typed client: docs/api.md.",
].join(" ");

/**
 * Options of `@fastify/swagger` for the running configuration: the document's `info` (with
 * description, contact and license), `servers` from PUBLIC_URL, the tags of `route.ts` with
 * their descriptions, and the session cookie as the `session` security scheme, named as the
 * server names the cookie (`__Host-aisleiq_session` with an `https` PUBLIC_URL, ADR 0031). Each
 * operation's `security` comes from its declared access (`installRouteContract`, ADR 0054).
 */
export function openApiOptions(config: Pick<AppConfig, "PUBLIC_URL">) {
  return {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "AisleIQ API",
        version: "0.1.0",
        description: API_DESCRIPTION,
        contact: { name: "AisleIQ", url: SITE_CONFIG.siteUrl },
        license: { name: "Proprietary: all rights reserved", url: SITE_CONFIG.siteUrl },
      },
      servers: [{ url: config.PUBLIC_URL.replace(/\/+$/, ""), description: "This server (PUBLIC_URL)" }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas: { ApiError: apiErrorComponent() },
        securitySchemes: {
          session: {
            type: "apiKey" as const,
            in: "cookie",
            name: sessionCookieName(config),
            description:
              "The session cookie a sign-in sets (magic link or accepted invitation; HttpOnly, SameSite=Lax). Which roles an operation needs is in its description.",
          },
        },
      },
    },
    transform: openApiTransform,
  };
}

/**
 * The `ApiError` component every error response refers to: the JSON Schema of
 * {@link apiErrorSchema} (registered under that id, so the route transform writes a `$ref` to
 * it), as the route transform would write it (OpenAPI 3.0, the serialized side).
 */
function apiErrorComponent(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(apiErrorBodySchema, { target: "openapi-3.0", io: "output" }),
    description: apiErrorSchema.description,
  };
}

/** The document transform: zod schemas to JSON Schema (`fastify-type-provider-zod`). */
export function openApiTransform(input: Parameters<SwaggerTransform>[0]): ReturnType<SwaggerTransform> {
  return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
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
