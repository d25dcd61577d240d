import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import openapiTS, { astToString } from "openapi-typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../src/server/db/schema";
import { createUser } from "../support/actors";
import { oneBackend } from "./support/database";
import { requestMagicLink, useTestDatabase, useTestServer, verifyToken } from "./support/fixture";

/**
 * The integrator's path of docs/api.md, walked as an integrator would: TypeScript types generated
 * with `openapi-typescript` from the document this server serves, the example client
 * `examples/get-started-lead.ts` (openapi-fetch) typechecked against them with `tsc --strict`,
 * then run with Node against this server: it posts a Get Started lead and finds it in the leads
 * inbox with an admin's session cookie made here. Independent of the database: one backend.
 */

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs `node ARGS` in `cwd`; resolves with the exit code and output (never rejects on exit code). */
function node(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        resolve({ code: typeof error?.code === "number" ? error.code : error ? 1 : 0, stdout, stderr }),
    );
  });
}

describe.each(oneBackend())("integrator example on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);
  let adminCookie = "";
  let dir = "";

  beforeAll(async () => {
    await createUser(f.db, { email: "integrator.admin@example.com", role: "admin" });
    adminCookie = await verifyToken(f, await requestMagicLink(f, "integrator.admin@example.com"));
    // A project of the integrator's own, outside our sources: it reaches openapi-fetch (and
    // TypeScript's Node types) through a node_modules link, as after its own `npm install`.
    dir = await mkdtemp(path.join(tmpdir(), "aisleiq-example-"));
    await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    return () => rm(dir, { recursive: true, force: true });
  });

  it("generates types from the served document, typechecks the example and runs it: the lead is in the inbox", async () => {
    const document = (await f.server.request("GET", "/api/openapi.json")).body;
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/send-get-started-email"');
    await writeFile(path.join(dir, "aisleiq-api.d.ts"), types);
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
    await copyFile(path.join(ROOT, "examples", "get-started-lead.ts"), path.join(dir, "get-started-lead.ts"));

    const tsc = await node(
      [
        require.resolve("typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--noUncheckedIndexedAccess",
        "--target",
        "es2022",
        "--module",
        "preserve",
        "--moduleResolution",
        "bundler",
        "--types",
        "node",
        "--skipLibCheck",
        "get-started-lead.ts",
      ],
      { cwd: dir },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);

    const run = await node(["get-started-lead.ts"], {
      cwd: dir,
      env: { AISLEIQ_URL: f.server.baseUrl, AISLEIQ_SESSION: adminCookie },
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim());
    expect(printed).toMatchObject({ company: "Analytical Grocers", plan: "Optimal" });
    const [stored] = await f.db.select().from(leads).where(eq(leads.id, printed.id));
    expect(stored).toMatchObject({ email: printed.email, firstName: "Ada", lastName: "Lovelace" });
    // The example documented in docs/api.md is this file.
    expect(await readFile(path.join(ROOT, "docs", "api.md"), "utf8")).toContain(
      "examples/get-started-lead.ts",
    );
  }, 120_000);
});
