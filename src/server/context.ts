import type { BackgroundTasks } from "./background-tasks";
import type { AppConfig } from "./config";
import type { Database, DbHandle } from "./db/database";
import type { OutboxWorker } from "./mail/outbox";
import type { MailTransport } from "./mail/transport";

/** What every route module needs: configuration, the database and the mail outbox. */
export interface AppContext {
  config: AppConfig;
  dbHandle: DbHandle;
  db: Database;
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
