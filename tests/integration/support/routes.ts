import type { FastifyInstance } from "fastify";

/** A path with every parameter name dropped: `/a/:id/files/:fileId` → `/a/:/files/:`. */
export function routeShape(url: string): string {
  return url.replace(/:[^/|]+(?:\|:[^/|]+)*/g, ":");
}

/**
 * Every (method, path shape) pair the router holds, read from `printRoutes`: the router's own
 * view, independent of the access hook's bookkeeping. Paths come back as {@link routeShape}s,
 * since the router merges parameters of the same position (`/:token|:id`).
 */
export function routerRoutes(app: FastifyInstance): Array<{ method: string; shape: string }> {
  const out: Array<{ method: string; shape: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? "").length / 4;
    stack.push(match[2] ?? "");
    // The router prints the root wildcard as `*`, without its leading slash.
    const url = stack.join("").replace(/^(?!\/)/, "/");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      out.push({ method, shape: routeShape(url) });
    }
  }
  return out;
}
