import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseRef } from "./fixture";
import { startTestServer, type TestServer } from "./test-app";

/**
 * Writes a minimal fake build to a new temporary directory: the static site under `site/` and
 * the browser app under `client/` (ADR 0064: `SITE_DIR` and `CLIENT_DIR`).
 * @param pages HTML file path under the directory (e.g. `"site/es/calculator/index.html"`) →
 *   marker text the page's body holds (e.g. `"PAGE:es-calculator"`), so a test can tell which
 *   file was served
 * @param files other files (path under the directory → raw content), e.g. a static asset
 * @returns the directory's absolute path
 */
export function fakeClientDir(pages: Record<string, string>, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aisleiq-client-"));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  for (const [file, marker] of Object.entries(pages)) {
    write(file, `<!doctype html><html><body>${marker}</body></html>`);
  }
  for (const [file, content] of Object.entries(files)) write(file, content);
  return dir;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start a test server serving a fake build
 * ({@link fakeClientDir} with `pages` and `files`: its `site/` as `SITE_DIR`, its `client/` as
 * `CLIENT_DIR`) on `database`, then close it and remove the directory.
 * @returns a holder whose `server` is set once `beforeAll` has run
 */
export function useFakeClientServer(
  database: DatabaseRef,
  pages: Record<string, string>,
  files: Record<string, string> = {},
): { readonly server: TestServer } {
  let clientDir: string | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    clientDir = fakeClientDir(pages, files);
    server = await startTestServer({
      db: database.handle,
      env: { SITE_DIR: path.join(clientDir, "site"), CLIENT_DIR: path.join(clientDir, "client") },
      serveClient: true,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!server) throw new Error("test server is not started: use it inside tests");
      return server;
    },
  };
}
