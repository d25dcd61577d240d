import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DbHandle } from "../db/database";
import { OUTBOX_PRIORITY } from "../mail/outbox";

/** Upper bounds of the request-duration buckets, in seconds (5 ms to 10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the scrape reads from the database: queue sizes and ages, in rows and seconds. */
interface QueueFigures {
  outbox: Array<{ channel: "email" | "webhook"; pending: number; oldestSeconds: number; failed: number }>;
  signInPending: number;
  signInOldestSeconds: number;
}

/**
 * The Prometheus metrics of one app (docs/operations.md#metrics, ADR 0053), on a registry of its
 * own (so several apps in one process, as in tests, never share series):
 * - Node's default process metrics (`process_*`, `nodejs_*`);
 * - `aisleiq_http_request_duration_seconds{method,route,status}`, a histogram whose `_count`
 *   also counts the 4xx, 429 and 503 answers by status;
 * - `aisleiq_rate_limit_rejections_total{limit}`;
 * - `aisleiq_emails_sent_total{kind}`, `aisleiq_emails_failed_total{kind,permanent}`,
 *   `aisleiq_webhook_deliveries_total{kind,outcome}`;
 * - read from the database at each scrape: `aisleiq_outbox_pending{channel}`,
 *   `aisleiq_outbox_oldest_pending_age_seconds{channel}`, `aisleiq_outbox_failed{channel}`,
 *   `aisleiq_sign_in_requests_pending`, `aisleiq_sign_in_requests_oldest_age_seconds`,
 *   `aisleiq_database_up` (0 when that read failed; the queue gauges then keep their last value);
 * - PostgreSQL only: `aisleiq_db_pool_connections{state="in_use"|"idle"}`, `aisleiq_db_pool_waiting`.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<"method" | "route" | "status">;
  readonly rateLimited: Counter<"limit">;
  readonly emailsSent: Counter<"kind">;
  readonly emailsFailed: Counter<"kind" | "permanent">;
  readonly webhookDeliveries: Counter<"kind" | "outcome">;

  constructor(private readonly handle: DbHandle) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: "aisleiq_http_request_duration_seconds",
      help: "Time from request to response, by method, route pattern and status code",
      labelNames: ["method", "route", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: "aisleiq_rate_limit_rejections_total",
      help: "Requests refused with 429 by a named rate limit",
      labelNames: ["limit"],
      registers,
    });
    this.emailsSent = new Counter({
      name: "aisleiq_emails_sent_total",
      help: "Emails the SMTP server accepted, by outbox kind",
      labelNames: ["kind"],
      registers,
    });
    this.emailsFailed = new Counter({
      name: "aisleiq_emails_failed_total",
      help: "Failed email attempts, by kind; permanent=true when the outbox gave the email up",
      labelNames: ["kind", "permanent"],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: "aisleiq_webhook_deliveries_total",
      help: "CRM webhook delivery attempts, by kind and outcome (delivered, retry, failed)",
      labelNames: ["kind", "outcome"],
      registers,
    });

    // Queue gauges share one read per scrape: the first gauge collected starts it.
    let figures: Promise<QueueFigures | undefined> | undefined;
    const read = () => {
      figures ??= this.readQueues().finally(() => {
        setImmediate(() => {
          figures = undefined;
        });
      });
      return figures;
    };
    const databaseUp = new Gauge({
      name: "aisleiq_database_up",
      help: "1 when the scrape's queue read answered, 0 when the database did not",
      registers,
      async collect() {
        this.set((await read()) ? 1 : 0);
      },
    });
    void databaseUp;
    new Gauge({
      name: "aisleiq_outbox_pending",
      help: "Outbox rows waiting to be delivered, by channel (email, webhook)",
      labelNames: ["channel"],
      registers,
      async collect() {
        for (const row of (await read())?.outbox ?? []) this.set({ channel: row.channel }, row.pending);
      },
    });
    new Gauge({
      name: "aisleiq_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest outbox row still waiting, by channel; 0 when none waits",
      labelNames: ["channel"],
      registers,
      async collect() {
        for (const row of (await read())?.outbox ?? []) this.set({ channel: row.channel }, row.oldestSeconds);
      },
    });
    new Gauge({
      name: "aisleiq_outbox_failed",
      help: "Outbox rows given up after every attempt, by channel (resend them: docs/operations.md)",
      labelNames: ["channel"],
      registers,
      async collect() {
        for (const row of (await read())?.outbox ?? []) this.set({ channel: row.channel }, row.failed);
      },
    });
    new Gauge({
      name: "aisleiq_sign_in_requests_pending",
      help: "Stored sign-in requests whose link is not issued yet (ADR 0029)",
      registers,
      async collect() {
        const queues = await read();
        if (queues) this.set(queues.signInPending);
      },
    });
    new Gauge({
      name: "aisleiq_sign_in_requests_oldest_age_seconds",
      help: "Age of the oldest stored sign-in request; 0 when none waits",
      registers,
      async collect() {
        const queues = await read();
        if (queues) this.set(queues.signInOldestSeconds);
      },
    });
    const pool = handle.poolStats;
    if (pool) {
      new Gauge({
        name: "aisleiq_db_pool_connections",
        help: "PostgreSQL pool connections, by state (in_use, idle)",
        labelNames: ["state"],
        registers,
        collect() {
          const stats = pool();
          this.set({ state: "in_use" }, stats.total - stats.idle);
          this.set({ state: "idle" }, stats.idle);
        },
      });
      new Gauge({
        name: "aisleiq_db_pool_waiting",
        help: "Queries waiting for a free PostgreSQL pool connection",
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
    }
  }

  /**
   * Records one answered request.
   * @param route the route pattern (`/api/background-checks/:id`), never the raw path, so the
   *   series stay few; `unmatched` for requests no route served
   * @param seconds time from request to response
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** Counts one outbox delivery attempt (the outbox's `onAttempt`): emails and webhook posts apart. */
  observeDelivery(kind: string, webhook: boolean, outcome: "sent" | "retry" | "failed"): void {
    if (webhook) {
      this.webhookDeliveries.inc({ kind, outcome: outcome === "sent" ? "delivered" : outcome });
    } else if (outcome === "sent") {
      this.emailsSent.inc({ kind });
    } else {
      this.emailsFailed.inc({ kind, permanent: String(outcome === "failed") });
    }
  }

  /** The text a scrape answers (Prometheus text exposition format 0.0.4). */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private async readQueues(): Promise<QueueFigures | undefined> {
    try {
      const { db } = this.handle;
      const outbox = (await db.execute(sql`
        select case when priority >= ${OUTBOX_PRIORITY.webhook} then 'webhook' else 'email' end as channel,
               count(*) filter (where status = 'pending')::int as pending,
               coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float8 as oldest,
               count(*) filter (where status = 'failed')::int as failed
          from email_outbox
         where status in ('pending', 'failed')
         group by 1`)) as {
        rows: Array<{ channel: "email" | "webhook"; pending: number; oldest: number; failed: number }>;
      };
      const signIn = (await db.execute(sql`
        select count(*)::int as pending,
               coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
          from magic_link_requests`)) as { rows: Array<{ pending: number; oldest: number }> };
      const channels = new Map(outbox.rows.map((row) => [row.channel, row]));
      return {
        // Both channels always, so an emptied queue reads 0 instead of its last value.
        outbox: (["email", "webhook"] as const).map((channel) => {
          const row = channels.get(channel);
          return {
            channel,
            pending: Number(row?.pending ?? 0),
            oldestSeconds: Number(row?.oldest ?? 0),
            failed: Number(row?.failed ?? 0),
          };
        }),
        signInPending: Number(signIn.rows[0]?.pending ?? 0),
        signInOldestSeconds: Number(signIn.rows[0]?.oldest ?? 0),
      };
    } catch {
      // The database is down: `aisleiq_database_up` says so; the scrape still answers.
      return undefined;
    }
  }
}
