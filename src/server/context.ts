import type { BackgroundTasks } from "./background-tasks";
import type { AppConfig } from "./config";
import type { Database, DbHandle } from "./db/database";
import type { DbOutageMonitor } from "./db/outage";
import type { OutboxWorker } from "./mail/outbox";
import type { MailTransport } from "./mail/transport";

/** What every route module needs: configuration, the database (and its outage monitor) and the mail outbox. */
export interface AppContext {
  config: AppConfig;
  dbHandle: DbHandle;
  db: Database;
  /** Logs a database outage once and tracks whether the database answers (issue #10). */
  dbOutage: DbOutageMonitor;
  mail: MailTransport;
  outbox: OutboxWorker;
  /** Work started after a reply was sent (see background-tasks.ts). */
  tasks: BackgroundTasks;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
