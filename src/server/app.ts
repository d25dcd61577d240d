import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { REQUEST_BODY_MAX_BYTES } from "../common/limits";
import { adminRoutes } from "./admin/routes";
import { installAccessControl } from "./auth/access";
import { authRoutes } from "./auth/routes";
import { issueStaleMagicLinkRequests, nextMagicLinkRequestDueInMs } from "./auth/service";
import { runRetention } from "./background-checks/retention";
import { backgroundChecksRoutes } from "./background-checks/routes";
import { finalizeDueAdverseActions, nextFinalDueInMs } from "./background-checks/service";
import { BackgroundTasks } from "./background-tasks";
import { companiesRoutes } from "./companies/routes";
import { type AppConfig, trustProxyOption } from "./config";
import type { AppContext } from "./context";
import { dataKeyring } from "./crypto/data-keys";
import { createDb, type DbHandle } from "./db/database";
import { isConnectionError, safeError } from "./db/faults";
import { DbOutageMonitor } from "./db/outage";
import { demoRegistrationsRoutes } from "./demo-registrations/routes";
import { createStorage, readStoredObject } from "./files/storage";
import { gatesRoutes } from "./gates/routes";
import { apiDocsRoutes, openApiOptions } from "./http/api-docs";
import { installCanonicalPathGuard } from "./http/canonical-path";
import { installControlCharacterGuard } from "./http/control-characters";
import { frameworkErrorOptions, installErrorHandler, installShutdownGate } from "./http/errors";
import { healthRoutes } from "./http/health";
import { noStorePlugin } from "./http/plugins/no-store";
import { originCheckPlugin } from "./http/plugins/origin-check";
import { rateLimitsPlugin } from "./http/plugins/rate-limits";
import { requestLogOptions, requestLogPlugin } from "./http/plugins/request-log";
import { securityHeadersPlugin } from "./http/plugins/security-headers";
import { builtPages, staticFilesPlugin } from "./http/plugins/static-files";
import { installRequestTargetGuard } from "./http/request-target";
import { installRouteContract } from "./http/route";
import { invitationsRoutes } from "./invitations/routes";
import { leadsRoutes } from "./leads/routes";
import { OutboxWorker } from "./mail/outbox";
import { createMailTransport, type MailTransport } from "./mail/transport";
import { AppMetrics } from "./metrics/metrics";
import { metricsRoutes } from "./metrics/routes";
import { passkeysRoutes } from "./passkeys/routes";
import { createWebhookChannel } from "./webhooks/channel";
import { webhooksRoutes } from "./webhooks/routes";

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  dbHandle?: DbHandle;
  /** Use this mail transport instead of the one SMTP_URL selects. */
  mail?: MailTransport;
  /** Serve the built pages from SITE_DIR and CLIENT_DIR when they exist (default true). */
  serveClient?: boolean;
  /** Write log lines here instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  /**
   * Called with every reply just before it is sent, from an `onSend` hook that applies to every
   * route (the integration tests check each reply against the OpenAPI document, ADR 0054).
   */
  onReply?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
}

/** The sooner of two optional delays in ms. */
function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  return b === undefined ? a : Math.min(a, b);
}

/**
 * Builds the Fastify application: the one factory `main.ts` and every test use (docs/architecture.md#registration).
 * Opens the database (PostgreSQL when DATABASE_URL is set, PGlite under DATA_DIR otherwise),
 * applies migrations, and starts the email outbox worker once the server is ready.
 * @throws when the database cannot be opened or a migration fails
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogOptions({ level: config.LOG_LEVEL, stream: options.logStream }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    ...frameworkErrorOptions({ publicUrl: config.PUBLIC_URL }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onReply } = options;
  if (onReply) {
    app.addHook("onSend", async (request, reply, payload) => {
      onReply(request, reply, payload);
      return payload;
    });
  }

  const dbHandle =
    options.dbHandle ??
    (await createDb({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.resolve(config.DATA_DIR, "db"),
      log: app.log,
    }));
  await dbHandle.migrate();
  const mail = options.mail ?? createMailTransport(config.SMTP_URL, app.log);
  if (mail.kind === "log" && config.NODE_ENV === "production") {
    app.log.warn("SMTP_URL is unset: emails are printed to the log, not delivered");
  }
  const storage = createStorage(config, app.log);
  // Metrics only when someone may read them (METRICS_TOKEN or METRICS_PORT; ADR 0053).
  const metrics =
    config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined
      ? new AppMetrics(dbHandle)
      : undefined;
  const outbox = new OutboxWorker(dbHandle, mail, {
    from: config.MAIL_FROM,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    log: app.log,
    // Sign-in requests whose process died before issuing the link (ADR 0029); one more sweep
    // when the next request too young for this one becomes old enough. Then document retention
    // (ADR 0058): every process runs it, the claims keep them from doing the same work twice.
    onSweep: async () => {
      await issueStaleMagicLinkRequests(dbHandle.db, config);
      const sweepAgainInMs = await nextMagicLinkRequestDueInMs(dbHandle.db);
      try {
        await runRetention(dbHandle.db, storage, {
          retentionDays: config.DOCUMENT_RETENTION_DAYS,
          log: app.log,
        });
      } catch (error) {
        if (isConnectionError(error)) throw error;
        app.log.error(
          { err: safeError(error) },
          "document retention step failed; tried again at the next sweep",
        );
      }
      // Pending rejections whose waiting period ended become final, once (ADR 0083).
      let finalDueInMs: number | undefined;
      try {
        await finalizeDueAdverseActions(dbHandle.db, { publicUrl: config.PUBLIC_URL });
        finalDueInMs = await nextFinalDueInMs(dbHandle.db);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        app.log.error({ err: safeError(error) }, "adverse-action step failed; tried again at the next sweep");
      }
      return { sweepAgainInMs: earliest(sweepAgainInMs, finalDueInMs) };
    },
    // Opens the credentials of waiting emails (ADR 0074); without DATA_ENCRYPTION_KEY outside
    // production, the development key under DATA_DIR (created here on first start).
    keyring: dataKeyring(config, { log: app.log }),
    // The signed authorization receipt rides as an attachment, read from storage at send time (ADR 0084).
    readAttachment: (key) => readStoredObject(storage, key),
    // The CRM webhook's deliveries ride the outbox (ADR 0051).
    webhook: createWebhookChannel(config, app.log),
    ...(metrics
      ? { onAttempt: ({ kind, webhook, outcome }) => metrics.observeDelivery(kind, webhook, outcome) }
      : {}),
  });
  const tasks = new BackgroundTasks(app.log);
  const dbOutage = new DbOutageMonitor(() => dbHandle.ping(), app.log);
  const ctx: AppContext = {
    config,
    dbHandle,
    db: dbHandle.db,
    dbOutage,
    mail,
    outbox,
    tasks,
    storage,
    metrics,
  };
  app.decorate("ctx", ctx);

  // The cross-cutting concerns are one plugin each (http/plugins/, ADR 0089), registered in the
  // order their hooks must run. The security headers first, so every answer carries them.
  const pages = builtPages(
    { siteDir: config.SITE_DIR, clientDir: config.CLIENT_DIR },
    options.serveClient ?? true,
  );
  await app.register(securityHeadersPlugin, { publicUrl: config.PUBLIC_URL, pages });
  // Right after the headers, so every hook below reads the path the router routed (ADR 0030, ADR 0077).
  installRequestTargetGuard(app, config.PUBLIC_URL);
  installCanonicalPathGuard(app);
  await app.register(requestLogPlugin, metrics ? { observe: metrics.observeRequest.bind(metrics) } : {});
  installShutdownGate(app);
  await app.register(fastifyCookie);
  await app.register(rateLimitsPlugin, { redisUrl: config.REDIS_URL });
  await app.register(fastifySwagger, openApiOptions(config));

  installErrorHandler(app, app.notFoundLimit);
  await app.register(originCheckPlugin, { publicUrl: config.PUBLIC_URL });
  installAccessControl(app);
  installRouteContract(app);
  installControlCharacterGuard(app);
  await app.register(noStorePlugin);

  // Every module is one plugin constant from its routes.ts, registered here (docs/architecture.md).
  for (const routes of [
    healthRoutes,
    authRoutes,
    passkeysRoutes,
    adminRoutes,
    invitationsRoutes,
    companiesRoutes,
    backgroundChecksRoutes,
    demoRegistrationsRoutes,
    gatesRoutes,
    leadsRoutes,
    webhooksRoutes,
    metricsRoutes,
  ]) {
    await app.register(routes);
  }
  await apiDocsRoutes(app);

  if (pages) await app.register(staticFilesPlugin, { pages });

  app.addHook("onReady", async () => {
    await outbox.start();
  });
  app.addHook("onClose", async () => {
    dbOutage.close();
    await tasks.idle();
    await outbox.stop();
    mail.close();
    storage.close?.();
    if (!options.dbHandle) await dbHandle.close();
  });
  return app;
}
