/**
 * The built public site, whichever framework built it, and a small static server over it for
 * `npm run size` (which must stay a few seconds: the production server needs about ten to open
 * its database on this machine). `npm run bench:site` uses the production server instead, so its
 * pages arrive with the real headers and compression.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";

/** Where the build keeps the public pages: Astro's static output, else React Router's client build. */
export interface SiteBuild {
  /** Directories searched in order for a page or an asset, e.g. ["build/site", "build/client"]. */
  roots: string[];
  /** Human-readable description for the report, e.g. "build/site (Astro) + build/client". */
  label: string;
}

/**
 * Detects the build under `buildDir`: with `site/index.html` the public pages are Astro's static
 * output in `build/site` (its assets there too; the portal's build/client is searched after it);
 * otherwise React Router prerendered them into `build/client`.
 * @param buildDir usually "build"
 * @returns the roots, or null when neither build has a home page
 */
export function detectSiteBuild(buildDir: string): SiteBuild | null {
  const site = path.resolve(buildDir, "site");
  const client = path.resolve(buildDir, "client");
  if (existsSync(path.join(site, "index.html"))) {
    const roots = existsSync(client) ? [site, client] : [site];
    return {
      roots,
      label: `${path.relative(".", site)} (Astro)${roots.length > 1 ? " + build/client" : ""}`,
    };
  }
  if (existsSync(path.join(client, "index.html"))) {
    return { roots: [client], label: `${path.relative(".", client)} (React Router)` };
  }
  return null;
}

/**
 * The file answering `pathname` under one of `roots`: `<path>/index.html`, `<path>.html`, then
 * `<path>` itself, in each root in order; never outside a root.
 * @param roots absolute directories
 * @param pathname a decoded URL path, e.g. "/es/" or "/assets/app-1.js"
 * @returns the root and the file's path relative to it, or null
 */
export function resolveFile(
  roots: readonly string[],
  pathname: string,
): { root: string; file: string } | null {
  const clean = path.posix.normalize(`/${pathname}`).replace(/\/+$/, "");
  const candidates = [`${clean}/index.html`, `${clean}.html`, clean].filter((candidate) => candidate !== "");
  for (const root of roots) {
    for (const candidate of candidates) {
      const full = path.join(root, candidate);
      if (full.startsWith(root + path.sep) && existsSync(full) && statSync(full).isFile()) {
        return { root, file: path.relative(root, full) };
      }
    }
  }
  return null;
}

/**
 * Starts a static server on 127.0.0.1 (a free port) over the build's roots. It sends files as
 * they are (no compression: `npm run size` compresses each body itself), with @fastify/static's
 * content types, and 404 for anything missing.
 * @returns the base URL (no trailing slash) and a function that stops the server
 */
export async function serveStatic(build: SiteBuild): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: build.roots, serve: false });
  app.get("/*", async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split("?")[0] ?? "/");
    } catch {
      return reply.code(400).send();
    }
    const found = resolveFile(build.roots, pathname);
    if (found === null) return reply.code(404).send();
    return reply.sendFile(found.file, found.root);
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url: address.replace(/\/$/, ""), close: () => app.close() };
}
