import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the sink accepted, with its MIME body decoded. */
export interface ReceivedEmail {
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The `Message-ID` header, angle brackets included ("" when absent). */
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read: the one sink
 * of the integration tests (in process) and the end-to-end tests (the built server in a child
 * process sends to it), so both read the emails our server really sent.
 */
export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:PORT` for SMTP_URL. */
  url: string;
  /** Every accepted message, in arrival order. */
  readonly received: ReceivedEmail[];
  /** How many messages were refused (see {@link SmtpSink.refuseNext}). */
  readonly refusedCount: number;
  /** Every refused message, in arrival order. */
  readonly refused: ReceivedEmail[];
  /**
   * Refuses the next `count` messages with a temporary SMTP failure (451 by default; 421 says
   * the service is not available), then accepts again.
   */
  refuseNext(count: number, responseCode?: 421 | 451): void;
  /**
   * Resolves with the oldest not yet taken message to `to` (case-insensitive), waiting for one
   * to arrive when none is queued. Each message is handed out once, so a test that asks twice for
   * the same address gets the second email the second time.
   * @param timeoutMs how long to wait; 15 s by default (an end-to-end test's server runs in
   *   another process on a loaded machine)
   * @throws after `timeoutMs` without a message
   */
  nextEmail(to: string, timeoutMs?: number): Promise<ReceivedEmail>;
  /** Messages received for `to` so far, taken or not. */
  emailsTo(to: string): ReceivedEmail[];
  /** Stops listening; connections still open 100 ms later are told 421 and closed. */
  close(): Promise<void>;
}

/** How long `close()` lets the connections still open finish before it ends them, in ms. */
const CLOSE_GRACE_MS = 100;

/**
 * Starts an SMTP sink on 127.0.0.1, on `port` or a random free one. It advertises neither
 * STARTTLS nor AUTH, so nodemailer speaks plain SMTP to it, and it parses each message's text
 * and HTML parts.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const refused: ReceivedEmail[] = [];
  const taken = new Set<ReceivedEmail>();
  const waiters = new Set<() => void>();
  let refuse = 0;
  let refuseCode = 451;
  let refusedCount = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    // `close()` ends the connections still open after this grace (421, then closed) instead of
    // waiting 30 s for them: a test closes its sink when done with it, often while an app's SMTP
    // pool still holds an idle connection to it (nodemailer drops one after 20 s of silence).
    closeTimeout: CLOSE_GRACE_MS,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        if (refuse > 0) {
          refuse--;
          refusedCount++;
          refused.push({ from, to, raw, ...parseMessage(raw) });
          const error = Object.assign(new Error("Mailbox temporarily unavailable"), {
            responseCode: refuseCode,
          });
          callback(error);
          return;
        }
        received.push({ from, to, raw, ...parseMessage(raw) });
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });
  server.on("error", () => {
    // Client disconnects surface here; the tests judge delivery by what arrives.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const listening = (server.server.address() as AddressInfo).port;

  const findUntaken = (to: string) =>
    received.find((mail) => !taken.has(mail) && mail.to.includes(to.toLowerCase()));

  return {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    received,
    refused,
    get refusedCount() {
      return refusedCount;
    },
    refuseNext(count, responseCode = 451) {
      refuse = count;
      refuseCode = responseCode;
    },
    emailsTo(to) {
      return received.filter((mail) => mail.to.includes(to.toLowerCase()));
    },
    nextEmail(to, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = findUntaken(to);
          if (!mail) return false;
          taken.add(mail);
          cleanup();
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no email to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        if (!check()) waiters.add(check);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The subject, text part and HTML part of a raw RFC 5322 message (enough MIME for nodemailer's output). */
export function parseMessage(raw: string): {
  subject: string;
  messageId: string;
  text: string;
  html: string;
} {
  const { headers, body } = splitEntity(raw);
  const parts = collectParts(headers, body);
  return {
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    text: parts.find((part) => part.type === "text/plain")?.content ?? "",
    html: parts.find((part) => part.type === "text/html")?.content ?? "",
  };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) => {
      if (kind.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      return decodeBody(data.replace(/_/g, " "), "quoted-printable");
    });
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => {
        const entity = splitEntity(section.replace(/^\n/, ""));
        return collectParts(entity.headers, entity.body);
      });
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, content: decodeBody(body, encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/**
 * Decodes quoted-printable text (RFC 2045 §6.7): drops soft line breaks and turns `=XX` escapes
 * back into UTF-8. Applied to a whole raw message it leaves headers and other parts readable, so
 * a test can search everything the server sent.
 */
export function decodeQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The raw token of the first `${publicUrl}${path}/<token>` link in `text` (an email's text part).
 * @throws when the text carries no such link
 */
export function linkTokenFrom(text: string, publicUrl: string, path: string): string {
  const escaped = `${publicUrl}${path}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${publicUrl}${path}/<token> link in email: ${text}`);
  return match[1];
}

/**
 * Extracts the token of the `${publicUrl}/verify/<token>` link from an email's text part.
 * @throws when the text carries no such link
 */
export function verifyTokenFrom(mail: ReceivedEmail, publicUrl: string): string {
  return linkTokenFrom(mail.text, publicUrl, "/verify");
}

/**
 * The first absolute `…${pathPrefix}/<43-character token>` link in a raw message (decoded first),
 * whatever host the server was configured with: what the end-to-end tests open in the browser.
 * @throws when the message carries no such link
 */
export function extractLink(raw: string, pathPrefix: string): string {
  const match = decodeQuotedPrintable(raw).match(
    new RegExp(`https?://[^\\s"<>]+${pathPrefix}/[A-Za-z0-9_-]{43}`),
  );
  if (!match) throw new Error(`no ${pathPrefix} link in email`);
  return match[0];
}

/**
 * The one-time sign-in code of a sign-in email (ADR 0060): the six digits standing alone on a
 * line of its text part.
 * @throws when the email carries no code
 */
export function signInCodeFrom(mail: Pick<ReceivedEmail, "text">): string {
  const match = /^(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no sign-in code in email: ${mail.text}`);
  return match[1];
}
