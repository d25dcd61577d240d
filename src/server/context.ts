import type { BackgroundTasks } from "./background-tasks";
import type { AppConfig } from "./config";
import type { Database, DbHandle } from "./db/database";
import type { DbOutageMonitor } from "./db/outage";
import type { FileStorage } from "./files/storage";
import type { OutboxWorker } from "./mail/outbox";
import type { MailTransport } from "./mail/transport";
import type { AppMetrics } from "./metrics/metrics";

/**
 * What every route module needs: configuration, the database (and its outage monitor), the mail
 * outbox and the file storage. Built once by `buildApp` and read as `app.ctx`.
 */
export interface AppContext {
  config: AppConfig;
  dbHandle: DbHandle;
  db: Database;
  /** Logs a database outage once and tracks whether the database answers (ADR 0011). */
  dbOutage: DbOutageMonitor;
  mail: MailTransport;
  outbox: OutboxWorker;
  /** Work started after a reply was sent (see background-tasks.ts). */
  tasks: BackgroundTasks;
  /** Uploaded files (local disk under DATA_DIR/uploads, or S3): background checks write, user deletion removes. */
  storage: FileStorage;
  /** Prometheus metrics, when METRICS_TOKEN or METRICS_PORT is set (ADR 0053); undefined otherwise. */
  metrics: AppMetrics | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
