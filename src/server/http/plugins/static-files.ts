import { existsSync } from "node:fs";
import path from "node:path";
import fp from "fastify-plugin";
import { serveClient } from "../static";
import type { PageBuilds } from "./security-headers";

/**
 * The builds the server sends pages from (ADR 0064), when it serves pages at all: `serve` is on
 * and the static site or the browser app has been built (its `index.html` exists).
 * @param dirs SITE_DIR and CLIENT_DIR, resolved against the working directory
 * @returns absolute paths of both builds, or undefined when no page is served
 */
export function builtPages(
  dirs: { siteDir: string; clientDir: string },
  serve: boolean,
): PageBuilds | undefined {
  if (!serve) return undefined;
  const pages = { siteDir: path.resolve(dirs.siteDir), clientDir: path.resolve(dirs.clientDir) };
  const built = [pages.siteDir, pages.clientDir].some((dir) => existsSync(path.join(dir, "index.html")));
  return built ? pages : undefined;
}

/** Options of {@link staticFilesPlugin}. */
export interface StaticFilesOptions {
  /** The builds to serve, from {@link builtPages}. */
  pages: PageBuilds;
}

/**
 * The built pages and their assets ({@link serveClient}): each HTML file with the policy
 * `app.pagePolicy` decides (security-headers plugin, ADR 0072), the not-found page counting
 * against `app.notFoundLimit` (rate-limits plugin, ADR 0077). Every route it adds is public
 * (ADR 0017).
 */
export const staticFilesPlugin = fp<StaticFilesOptions>(
  async (app, options) => {
    await serveClient(app, {
      ...options.pages,
      documentPolicy: app.pagePolicy,
      notFoundLimit: app.notFoundLimit,
    });
  },
  { name: "static-files", fastify: "5.x", dependencies: ["security-headers", "rate-limits"] },
);
