import { OUTAGE_PROBE_MS } from "../../common/limits";
import { describeDbError } from "./faults";

/** The part of a pino/Fastify logger the monitor writes to. */
export interface OutageLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Logs a database outage once: one warn when the first connection-class error is reported, one
 * info when the database answers again (with how long it was down and how many requests were
 * refused meanwhile), never a line per failed request (ADR 0011: logged once per outage).
 * While down it pings the database every {@link OUTAGE_PROBE_MS} ms (one probe at a time).
 */
export class DbOutageMonitor {
  private downSince: number | undefined;
  private refused = 0;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param ping resolves when the database answers a trivial query, rejects otherwise
   * @param log where the two lines of an outage go
   */
  constructor(
    private readonly ping: () => Promise<void>,
    private readonly log: OutageLogger,
  ) {}

  /** True between the first reported connection error and the first successful ping after it. */
  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /**
   * Records a connection-class error (see `isConnectionError`). The first one of an outage is
   * logged as a warn with the driver's code and message; later ones are only counted.
   */
  report(error: unknown): void {
    this.refused++;
    if (this.downSince !== undefined || this.closed) return;
    this.downSince = Date.now();
    this.log.warn(
      { db: describeDbError(error) },
      "database unavailable: answering 503 SERVICE_UNAVAILABLE until it answers again",
    );
    this.scheduleProbe();
  }

  /** Records that the database answered (e.g. a readiness check passed); ends an outage. */
  recovered(): void {
    if (this.downSince === undefined) return;
    const downMs = Date.now() - this.downSince;
    this.log.info({ downMs, refusedRequests: this.refused }, "database available again");
    this.downSince = undefined;
    this.refused = 0;
    if (this.probe) clearTimeout(this.probe);
    this.probe = undefined;
  }

  /** Stops probing (app shutdown). */
  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
    this.probe = undefined;
  }

  private scheduleProbe(): void {
    if (this.closed || this.downSince === undefined) return;
    this.probe = setTimeout(() => {
      this.ping().then(
        () => this.recovered(),
        () => this.scheduleProbe(),
      );
    }, OUTAGE_PROBE_MS);
    this.probe.unref();
  }
}
