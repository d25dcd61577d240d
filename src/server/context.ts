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
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
