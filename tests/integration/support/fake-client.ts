import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseRef } from "./fixture";
import { startTestServer, type TestServer } from "./test-app";

/**
 * Writes a minimal fake client build to a new temporary directory.
 * @param pages HTML file path (relative, e.g. `"es/calculator/index.html"`) → marker text the
 *   page's body holds (e.g. `"PAGE:es-calculator"`), so a test can tell which file was served
 * @param files other files (relative path → raw content), e.g. a static asset
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
 * Registers `beforeAll`/`afterAll` hooks that start a test server serving a fake client build
 * ({@link fakeClientDir} with `pages` and `files`, as `CLIENT_DIR`) on `database`, then close it
 * and remove the directory.
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
      env: { CLIENT_DIR: clientDir },
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
