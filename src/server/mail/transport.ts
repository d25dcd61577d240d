import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

/** One outgoing message. `html` and `text` carry the same content (issue #2). */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Delivers one message or rejects; the outbox worker retries rejected messages. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP over nodemailer when `smtpUrl` is set (e.g. `smtp://user:pass@host:587`); otherwise a
 * development transport that prints each message, links included, to the server log so the
 * sign-in flow works with no mail server. Do not run production without SMTP_URL.
 */
export function createMailTransport(smtpUrl: string | undefined, log: FastifyBaseLogger): MailTransport {
  if (!smtpUrl) {
    return {
      kind: "log",
      async send(message) {
        log.info(
          { mail: { to: message.to, subject: message.subject } },
          `email (log transport, SMTP_URL unset)\n${message.text}`,
        );
      },
      close() {},
    };
  }
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries({
    connectionTimeout: "10000",
    greetingTimeout: "10000",
    socketTimeout: "20000",
  })) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}
