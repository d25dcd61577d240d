import http from "node:http";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./support/fixture";
import { startTestServer, waitFor } from "./support/test-app";

/** What one request on a kept-alive connection came back with. */
type Outcome = { status: number; connection: string | undefined } | { error: string };

/** GET `url` through `agent`; resolves with the status and Connection header, or the socket error's code. */
function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: `${error.code ?? error.message}${request.reusedSocket ? " reused" : " new"}` }),
    );
  });
}

/**
 * Graceful shutdown under keep-alive load (docs/operations.md, "Shutdown"): once the server
 * drains, idle kept-alive connections are closed and every response says `Connection: close`, so
 * no client sends a request down a connection the server is about to close.
 */
describe("shutdown under keep-alive load", () => {
  const database = useTestDatabase({ name: "pglite" });

  it("answers every request sent on a kept-alive connection (200, or 503 with Connection: close), never a reset", async () => {
    const server = await startTestServer({ db: database.handle });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    let stop = false;
    // Eight clients, each sending its next request on its kept-alive connection as soon as the
    // last one is answered, until told 503 (as a load balancer takes the instance out).
    const client = async () => {
      while (!stop) {
        const outcome = await get(agent, `${server.baseUrl}/api/health`);
        outcomes.push(outcome);
        if ("error" in outcome || outcome.status === 503) return;
      }
    };
    try {
      const clients = Array.from({ length: 8 }, client);
      await waitFor(() => outcomes.length >= 80, { timeoutMs: 15_000 });
      await server.close();
      stop = true;
      await Promise.all(clients);
    } finally {
      stop = true;
      agent.destroy();
    }
    const answered = outcomes.filter((outcome) => "status" in outcome);
    const failed = outcomes.filter((outcome) => "error" in outcome).map((outcome) => outcome.error);
    expect(failed).toEqual([]);
    expect(answered.every((outcome) => outcome.status === 200 || outcome.status === 503)).toBe(true);
    const refusedByShutdown = answered.filter((outcome) => outcome.status === 503);
    expect(refusedByShutdown.every((outcome) => outcome.connection === "close")).toBe(true);
  });
});
