import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/server/db/database";
import { companies } from "../../src/server/db/schema";

/**
 * The embedded database on disk (issue #13, "Embedded memory"): a new directory is initialised
 * in a child process and then opened with the small-footprint settings; data survives a reopen.
 */
describe("PGlite data directory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aisleiq-pglite-dir-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates a new directory, keeps data across a reopen, and runs with 16 MB shared buffers", async () => {
    const first = await createDb({ pgliteDir: path.join(dir, "db") });
    await first.migrate();
    await first.db.insert(companies).values({ name: "Acme", email: "ops@acme.test" });
    await first.close();

    const again = await createDb({ pgliteDir: path.join(dir, "db") });
    await again.migrate();
    const rows = await again.db.select({ name: companies.name }).from(companies);
    const settings = await again.db.execute(sql`show shared_buffers`);
    await again.close();
    expect(rows).toEqual([{ name: "Acme" }]);
    expect(JSON.stringify(settings)).toContain("16MB");
  });
});
