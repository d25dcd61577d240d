import type { FastifyBaseLogger } from "fastify";
import type { Keyring } from "../../crypto/sealed";
import type { MailMessage, MailTransport } from "../transport";
import type { OutboxRow } from "./queue";
import { fillPlaceholders, openSecrets } from "./secrets";

/**
 * Email delivery of the outbox (ADR 0012): the SMTP message of a claimed row, and the recovery
 * probe that notices SMTP answering again after an outage.
 */

/**
 * The `Message-ID` header of an outbox row: `<uuid@domain>` with the domain of `from`
 * (RFC 5322 §3.6.4), `localhost` when `from` has none.
 * @param id the row's `message_id`
 * @param from the sender, e.g. `AisleIQ <no-reply@aisleiq.com>`
 */
export function messageIdHeader(id: string, from: string): string {
  const at = from.lastIndexOf("@");
  const domain =
    at === -1
      ? ""
      : from
          .slice(at + 1)
          .replace(/>.*$/s, "")
          .trim();
  return `<${id}@${/^[A-Za-z0-9.-]+$/.test(domain) ? domain : "localhost"}>`;
}

/**
 * Whether a send failure says the mail server (or the way to it) is down, rather than that it
 * refused this one message: no SMTP reply at all (refused, timed out, TLS, DNS, closed), or
 * 421 "service not available" (RFC 5321 §4.2.3). Such failures start the recovery probe.
 */
export function isTransportFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number") return responseCode === 421;
  return code !== "EENVELOPE" && code !== "EMESSAGE" && code !== "ESTREAM";
}

/**
 * The message SMTP gets for a claimed email row: its credentials opened and put back in place of
 * their placeholders (ADR 0074), in memory only from here to the transport.
 * @throws SealedOpenError (or Error without a keyring) when the row's credentials do not open
 */
export function smtpMessageOf(row: OutboxRow, from: string, keyring: Keyring | undefined): MailMessage {
  const secrets = row.sealedSecrets ? openSecrets(keyring, { ...row, sealedSecrets: row.sealedSecrets }) : {};
  return {
    from,
    to: row.toAddress,
    subject: fillPlaceholders(row.subject, secrets),
    html: fillPlaceholders(row.html, secrets),
    text: fillPlaceholders(row.text, secrets),
    language: row.language,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    messageId: messageIdHeader(row.messageId, from),
  };
}

/**
 * The row's attachment (the signed authorization receipt, ADR 0084), read from storage at send
 * time through `read`: the row keeps the stored object's key, never its bytes.
 * @returns `{ attachments: [one file] }`, or `{}` when the row names none
 * @throws Error when the row names one and no reader is configured, or when `read` fails (the
 *   send is then retried like one SMTP refused)
 */
export async function attachmentsOf(
  row: Pick<OutboxRow, "attachmentKey" | "attachmentName">,
  read: ((key: string) => Promise<Buffer>) | undefined,
): Promise<Pick<MailMessage, "attachments">> {
  if (!row.attachmentKey) return {};
  if (!read) throw new Error("no attachment reader is configured");
  const content = await read(row.attachmentKey);
  return { attachments: [{ filename: row.attachmentName ?? "attachment", content }] };
}

/**
 * After a transport failure, probes SMTP (`verify`) with its own backoff (from `probeMinMs`
 * doubling up to `probeMaxMs`); the first successful probe, or a send that succeeds, calls
 * `onRecovered` once, so the worker makes every failed-and-waiting email due now.
 */
export class SmtpRecovery {
  private down = false;
  private probeMs: number;
  private probeTimer: NodeJS.Timeout | undefined;
  private recoveredAt = 0;

  constructor(
    private readonly transport: MailTransport,
    private readonly options: {
      probeMinMs: number;
      probeMaxMs: number;
      log: FastifyBaseLogger;
      isStopped(): boolean;
      onRecovered(): void;
    },
  ) {
    this.probeMs = options.probeMinMs;
  }

  /** A send failed for want of SMTP ({@link isTransportFailure}): start probing. */
  failed(): void {
    if (this.down) return;
    this.down = true;
    // Failing again soon after a recovery (the server greets but does not take mail) keeps the
    // probe's backoff growing, so the waiting rows are not retried every second.
    const relapse = Date.now() - this.recoveredAt < this.options.probeMaxMs;
    this.probeMs = relapse ? Math.min(this.probeMs * 2, this.options.probeMaxMs) : this.options.probeMinMs;
    this.armProbe();
  }

  /** SMTP answered (a probe, or a message accepted): ends an outage, once. */
  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.recoveredAt = Date.now();
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.options.log.info("outbox: SMTP answers again; retrying waiting emails now");
    this.options.onRecovered();
  }

  /** Stops probing (the worker stops). */
  stop(): void {
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.down = false;
  }

  private armProbe(): void {
    if (this.options.isStopped() || this.probeTimer) return;
    this.probeTimer = setTimeout(async () => {
      this.probeTimer = undefined;
      if (!this.down || this.options.isStopped()) return;
      try {
        await this.transport.verify();
        this.recovered();
      } catch {
        this.probeMs = Math.min(this.probeMs * 2, this.options.probeMaxMs);
        this.armProbe();
      }
    }, this.probeMs);
    this.probeTimer.unref();
  }
}
