import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { declareContextAccess } from "../auth/access";

/** Pages whose URL carries a secret token: their responses send `Referrer-Policy: no-referrer` (issue #2). */
export const TOKEN_PAGE = /^\/(verify|accept-invitation)\//;

/**
 * Collects `'sha256-…'` CSP sources for every inline `<script>` in the built HTML, so the CSP
 * can allow exactly those (React Router's hydration data) and nothing else.
 */
export function inlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== "assets") walk(full);
      } else if (entry.endsWith(".html")) {
        const html = readFileSync(full, "utf8");
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? "";
          if (body.trim()) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
        }
      }
    }
  };
  walk(clientDir);
  return [...hashes];
}

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, prerendered
 * pages by path, and the SPA fallback page for every other non-API GET. Every route here is
 * public (issue #11: declared for the whole encapsulated context, since `@fastify/static`
 * registers one route per file without our route options).
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(async (scope) => {
    declareContextAccess(scope, "public");
    await clientRoutes(scope, clientDir);
  });
}

async function clientRoutes(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // `.br`/`.gz` copies written at build time (scripts/compress-assets.mjs), when the client accepts them.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        res.setHeader("Cache-Control", "no-cache");
      }
    },
  });
  const fallback =
    ["__spa-fallback.html", "index.html"].find((name) => existsSync(path.join(root, name))) ?? "index.html";

  app.get("/*", { config: { access: "public" } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split("?")[0] ?? "/");
    // API paths and missing files (anything with an extension) are real 404s, not the SPA page.
    if (pathname.startsWith("/api/") || /\.[a-z0-9]+$/i.test(pathname)) return reply.callNotFound();
    if (TOKEN_PAGE.test(pathname)) reply.header("Referrer-Policy", "no-referrer");
    const safe = path.normalize(pathname).replace(/^(\.\.[/\\])+/, "");
    const candidates = [path.join(safe, "index.html"), safe];
    reply.header("Cache-Control", "no-cache");
    for (const candidate of candidates) {
      const full = path.join(root, candidate);
      if (full.startsWith(root) && existsSync(full) && statSync(full).isFile()) {
        return reply.sendFile(candidate);
      }
    }
    return reply.sendFile(fallback);
  });
}
