import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One POST the receiver got: its headers and the exact body text. */
export interface WebhookDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A CRM stand-in on 127.0.0.1 for the webhook tests: records every request, and answers as told:
 * `accept` (204), `refuse` (503 with a short text) or `hang` (never answers). `close()` also
 * cuts connections left hanging.
 */
export interface WebhookReceiver {
  port: number;
  url: string;
  /** Requests answered 2xx, in arrival order. */
  readonly accepted: WebhookDelivery[];
  /** Every request, whatever the answer. */
  readonly all: WebhookDelivery[];
  mode: "accept" | "refuse" | "hang";
  /** Cuts every open connection (a hanging request then fails at the sender). */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Starts a receiver on `port` (0: a free one) at path `/crm/hook`. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const receiver = {
    port: 0,
    url: "",
    accepted: [] as WebhookDelivery[],
    all: [] as WebhookDelivery[],
    mode: "accept" as WebhookReceiver["mode"],
    close: async () => {},
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      receiver.all.push(delivery);
      if (receiver.mode === "hang") return;
      if (receiver.mode === "refuse") {
        response.writeHead(503, { "content-type": "text/plain" }).end("CRM is under maintenance");
        return;
      }
      receiver.accepted.push(delivery);
      response.writeHead(204).end();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/crm/hook`;
  receiver.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
