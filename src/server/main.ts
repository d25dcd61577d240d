import "dotenv/config";
import { SHUTDOWN_GRACE_MS } from "../common/limits";
import { loadConfig, productionProblems } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { isConnectionError, safeError } from "./db/faults";

/**
 * Production entry point: reads configuration (environment, then `.env`), builds the app,
 * listens on HOST:PORT, and shuts down gracefully on SIGTERM/SIGINT: stops accepting
 * connections, lets requests in flight finish, stops the outbox worker, closes the database.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Production refuses unsafe settings before opening anything, in one line (docs/operations.md "Production checks").
  const problems = productionProblems(config);
  if (problems.length > 0) {
    console.error(`Refusing to start with NODE_ENV=production: ${problems.join("; ")}.`);
    process.exit(1);
  }
  if (config.NODE_ENV === "production" && !config.PUBLIC_URL.startsWith("https://")) {
    console.warn(
      `ALLOW_HTTP_PUBLIC_URL is set: serving production over ${config.PUBLIC_URL} for a local trial only`,
    );
  }
  // Loaded after the checks, so a refused start exits without loading the app.
  const { buildApp } = await import("./app");
  const { startMetricsListener } = await import("./metrics/listener");
  const app = await buildApp(config);
  let metricsServer: { close(): unknown } | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      metricsServer?.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  // The process never exits because the database went away (ADR 0011): a connection-class
  // error that escapes every handler (e.g. an "error" event of a driver object nobody listens
  // to) is logged and survived. Anything else keeps Node's behaviour: log, then exit 1.
  const survive = (kind: string) => (error: unknown) => {
    if (isConnectionError(error)) {
      app.log.warn({ err: safeError(error) }, `database connection error (${kind}); continuing`);
      return;
    }
    app.log.fatal({ err: safeError(error) }, kind);
    process.exit(1);
  };
  process.on("uncaughtException", survive("uncaught exception"));
  process.on("unhandledRejection", survive("unhandled rejection"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT !== undefined) metricsServer = await startMetricsListener(app, config.METRICS_PORT);
  app.log.info(
    { url: config.PUBLIC_URL, database: app.ctx.dbHandle.kind, mail: app.ctx.mail.kind },
    `AisleIQ is running at ${config.PUBLIC_URL}`,
  );
}

main().catch((error: unknown) => {
  // One clear line, no stack: the operator started a second process on the same DATA_DIR.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
