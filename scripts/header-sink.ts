// A bench-only SMTP sink for `bench:mail` and `bench:load`: tens of thousands of messages arrive,
// so it keeps no bodies. It advertises neither STARTTLS nor AUTH (nodemailer speaks plain SMTP)
// and hands each message's unfolded header block (RFC 5322 §2.2.3) and envelope recipients to
// `onMessage` once the message has been received. The tests' parsing sink is
// tests/support/smtp-sink.ts.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Header block read per message at most, in characters. */
const HEADER_LIMIT = 16_384;

export interface HeaderSink {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the sink on 127.0.0.1 and a free port.
 * @param onMessage called once per message with its unfolded headers and lower-cased recipients
 */
export async function startHeaderSink(
  onMessage: (headers: string, recipients: string[]) => void,
): Promise<HeaderSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < HEADER_LIMIT && !head.includes("\r\n\r\n")) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const headers = head.split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
        onMessage(
          headers,
          session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        );
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
