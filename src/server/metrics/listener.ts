import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * Serves `GET /metrics` without a token on 127.0.0.1:`port` (METRICS_PORT, docs/operations.md#metrics):
 * for a Prometheus agent on the same host. Loopback only, so nothing off the machine reaches it;
 * any other path or method answers 404. The caller closes it (`server.close()`) on shutdown.
 * @returns the listening server (its address gives the port when `port` is 0)
 * @throws when the port cannot be bound (in use): the process should not start half-observable
 */
export async function startMetricsListener(app: FastifyInstance, port: number): Promise<Server> {
  const metrics = app.ctx.metrics;
  if (!metrics) throw new Error("metrics are not enabled");
  const server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?", 1)[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, "metrics scrape failed");
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Scrape failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
