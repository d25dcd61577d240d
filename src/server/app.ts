import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { NOT_FOUND_RATE_PER_IP, REQUEST_BODY_MAX_BYTES } from "../common/limits";
import { TOKEN_PATTERN } from "../common/validation";
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
import { isApiPath } from "./http/api-path";
import { canonicalPath, installCanonicalPathGuard, pathOf } from "./http/canonical-path";
import { installControlCharacterGuard } from "./http/control-characters";
import { frameworkErrorOptions, installErrorHandler, installShutdownGate } from "./http/errors";
import { healthRoutes } from "./http/health";
import { installOriginCheck } from "./http/origin-check";
import { rateLimitBy } from "./http/rate-limit";
import { installRequestTargetGuard } from "./http/request-target";
import { installRouteContract } from "./http/route";
import { headerKind, isHtmlDocument, NON_DOCUMENT_CSP, securityHeaders } from "./http/security-headers";
import { inlineScriptHashes, inlineScriptHashesByFile, serveClient, TOKEN_PAGE } from "./http/static";
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

/**
 * The request target as logged: its path in canonical form (ADR 0030, so `/%76erify/…` or
 * `/x/../verify/…` cannot smuggle a token past the patterns), with the rest of a sign-in or
 * invitation page path and every token-shaped segment redacted, and the query string kept
 * (no secrets in logs, docs/architecture.md#security-boundaries). An absolute-form target
 * (`http://host/verify/…`) is logged as its path.
 */
export function redactUrl(target: string): string {
  // An absolute-form target (refused, ADR 0077) is logged by its path, redacted the same way.
  const url = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const redacted = canonicalPath(url)
    .replace(/^\/(verify|accept-invitation)\/.+/, "/$1/[redacted]")
    .split("/")
    .map((segment) => (TOKEN_PATTERN.test(segment) ? "[redacted]" : segment))
    .join("/");
  return redacted + url.slice(pathOf(url).length);
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
    logger: {
      level: config.LOG_LEVEL,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    ...frameworkErrorOptions({ publicUrl: config.PUBLIC_URL }),
    // One line per request, written on response by the hook below: half the lines of Fastify's request-and-response pair, on the hot path.
    logController: new LogController({ disableRequestLogging: true }),
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

  // The two builds pages come from (ADR 0064): the static site and the browser app.
  const builtPages = { siteDir: path.resolve(config.SITE_DIR), clientDir: path.resolve(config.CLIENT_DIR) };
  const withClient =
    (options.serveClient ?? true) &&
    [builtPages.siteDir, builtPages.clientDir].some((dir) => existsSync(path.join(dir, "index.html")));
  const hashesByFile = withClient
    ? inlineScriptHashesByFile(builtPages.siteDir, builtPages.clientDir)
    : new Map<string, string[]>();
  const scriptHashes = inlineScriptHashes(hashesByFile);

  // One header set per kind of response, computed once (ADR 0031).
  const headerSets = {
    public: securityHeaders({ publicUrl: config.PUBLIC_URL, scriptHashes, kind: "public" }),
    portal: securityHeaders({ publicUrl: config.PUBLIC_URL, scriptHashes, kind: "portal" }),
  };
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headerSets[headerKind(request.url)]);
    done();
  });
  // The pages' CSP only on HTML documents; a route that set a policy of its own keeps it (ADR 0071).
  const pagePolicies = new Set(Object.values(headerSets).map((set) => set["content-security-policy"]));
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (
      !isHtmlDocument(reply.getHeader("content-type")) &&
      pagePolicies.has(String(reply.getHeader("content-security-policy")))
    ) {
      reply.header("content-security-policy", NON_DOCUMENT_CSP);
    }
    done(null, payload);
  });
  // First of all, so every hook below reads the path the router routed (ADR 0030, ADR 0077).
  installRequestTargetGuard(app, config.PUBLIC_URL);
  installCanonicalPathGuard(app);
  app.addHook("onResponse", (request, reply, done) => {
    metrics?.observeRequest(
      request.method,
      request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched"),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
    done();
  });
  installShutdownGate(app);
  await app.register(fastifyCookie);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, skipOnError: true } : {}) });
  await app.register(fastifySwagger, openApiOptions(config));

  // One per-IP count for every request no route knows: the API's 404 and the not-found page (ADR 0077).
  const notFoundLimit = rateLimitBy(app, "not-found-ip", { max: NOT_FOUND_RATE_PER_IP });
  installErrorHandler(app, notFoundLimit);
  installOriginCheck(app, config.PUBLIC_URL);
  installAccessControl(app);
  installRouteContract(app);
  installControlCharacterGuard(app);
  app.addHook("onSend", async (request, reply) => {
    if (TOKEN_PAGE.test(request.url)) reply.header("Referrer-Policy", "no-referrer");
    if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
  });

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

  // Each built page's policy allows its own inline scripts only (ADR 0072); computed once per page and kind.
  const documentPolicies = new Map<string, string>();
  const documentPolicy = (file: string, url: string): string | undefined => {
    const hashes = hashesByFile.get(file);
    if (!hashes) return undefined;
    const kind = headerKind(url);
    const key = `${kind} ${file}`;
    let policy = documentPolicies.get(key);
    if (policy === undefined) {
      policy =
        securityHeaders({ publicUrl: config.PUBLIC_URL, scriptHashes: hashes, kind })[
          "content-security-policy"
        ] ?? "";
      documentPolicies.set(key, policy);
    }
    return policy;
  };
  if (withClient) await serveClient(app, { ...builtPages, documentPolicy, notFoundLimit });

  app.addHook("onReady", async () => {
    await outbox.start();
  });
  app.addHook("onClose", async () => {
    dbOutage.close();
    await tasks.idle();
    await outbox.stop();
    mail.close();
    storage.close?.();
    redis?.disconnect();
    if (!options.dbHandle) await dbHandle.close();
  });
  return app;
}
