import { SMTPServer } from "smtp-server";

/** One message received by the sink: envelope recipients and the raw RFC 5322 source. */
export interface SinkMessage {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message in memory, so tests read the
 * emails our server really sent (outside services faked at the network edge, style.md).
 */
export async function startSmtpSink() {
  const messages: SinkMessage[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  /** Resolves with the first message to `to` (newest after `since` messages), or rejects after `timeoutMs`. */
  async function waitFor(
    to: string,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<SinkMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (;;) {
      const found = messages.slice(options.since ?? 0).find((m) => m.to.includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no email to ${to} within the timeout`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable soft line breaks and `=XX` escapes, enough to read links. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Extracts the first `${base}/<path>/<token>` link from an email's source. */
export function extractLink(raw: string, pathPrefix: string): string {
  const match = decodeQuotedPrintable(raw).match(
    new RegExp(`https?://[^\\s"<>]+${pathPrefix}/[A-Za-z0-9_-]{43}`),
  );
  if (!match) throw new Error(`no ${pathPrefix} link in email`);
  return match[0];
}
