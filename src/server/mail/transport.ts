import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

/** One outgoing message. `html` and `text` carry the same content, for mail clients that show only one. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `Message-ID` header, angle brackets included (RFC 5322 §3.6.4); the same on every attempt. */
  messageId?: string;
  /** The language of the text, sent as `Content-Language` (RFC 3282), e.g. `en`, `es`. */
  language: string;
  /** `Reply-To`: one address, passed to nodemailer as data (it encodes it; no header text of ours). */
  replyTo?: string;
  /** Files attached to the message (the signed authorization receipt, ADR 0084). */
  attachments?: Array<{ filename: string; content: Buffer }>;
}

/**
 * Headers every message carries besides its own: `Auto-Submitted: auto-generated` (RFC 3834
 * §5: a machine wrote it, so vacation responders and other automatic replies must not answer
 * our no-reply sender) and `Content-Language`.
 */
export function automaticHeaders(message: Pick<MailMessage, "language">): Record<string, string> {
  return { "Auto-Submitted": "auto-generated", "Content-Language": message.language };
}

/** Delivers one message or rejects; the outbox worker retries rejected messages. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  /** How many messages the transport sends well at once (the SMTP pool's connection count). */
  readonly concurrency: number;
  send(message: MailMessage): Promise<void>;
  /** Resolves when the mail server answers (connects and greets, authenticates if configured); rejects otherwise. */
  verify(): Promise<void>;
  close(): void;
}

/** Pool defaults, each overridable by a query parameter of SMTP_URL (nodemailer option names). */
const SMTP_DEFAULTS: Record<string, string> = {
  connectionTimeout: "10000",
  greetingTimeout: "10000",
  socketTimeout: "20000",
  pool: "true",
  maxConnections: "5",
  maxMessages: "500",
};

/**
 * SMTP over nodemailer when `smtpUrl` is set (e.g. `smtp://user:pass@host:587`); otherwise a
 * development transport that prints each message, links included, to the server log so the
 * sign-in flow works with no mail server. Do not run production without SMTP_URL.
 *
 * SMTP connections are pooled (ADR 0012): by default 5 connections, each reused for up to
 * 500 messages; `?maxConnections=…&maxMessages=…` (or `?pool=false`) in SMTP_URL override it.
 */
export function createMailTransport(smtpUrl: string | undefined, log: FastifyBaseLogger): MailTransport {
  if (!smtpUrl) {
    return {
      kind: "log",
      concurrency: 1,
      async send(message) {
        log.info(
          {
            mail: {
              to: message.to,
              subject: message.subject,
              messageId: message.messageId,
              replyTo: message.replyTo,
              headers: automaticHeaders(message),
            },
          },
          `email (log transport, SMTP_URL unset)\n${message.text}`,
        );
      },
      async verify() {},
      close() {},
    };
  }
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_DEFAULTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  const pooled = url.searchParams.get("pool") === "true";
  const connections = Number(url.searchParams.get("maxConnections"));
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: "smtp",
    // Without a pool each message opens its own connection; a few at once still pays off.
    concurrency: pooled && Number.isInteger(connections) && connections > 0 ? connections : 5,
    async send(message) {
      const { language: _language, ...fields } = message;
      await transporter.sendMail({ ...fields, headers: automaticHeaders(message) });
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}
