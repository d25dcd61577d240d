import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@astrojs/react";
import { build } from "astro";
import { afterAll, describe, expect, it } from "vitest";
import { noDeadHandlers } from "../../src/site/dead-handlers/integration";

/**
 * The build fails on an event handler rendered outside a `client:*` island, naming the component
 * (ADR 0079): a real `astro build` of a one-page site with the site's integration, once with a
 * handler planted in a statically rendered component, once with the same component as an island.
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));
// Inside the repository (under the ignored build/), so the fixture resolves React from its node_modules.
const FIXTURES = path.join(REPO, "build", "test-fixtures");
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const PLANTED = `
export function Planted() {
  return <p>Ready <button type="button" onClick={() => undefined}>Go</button></p>;
}
export default function Page() {
  return <main><Planted /></main>;
}
`;

/** Builds a site whose one page renders the planted component with `directive`; resolves to its HTML. */
async function buildSite(directive: string): Promise<void> {
  mkdirSync(FIXTURES, { recursive: true });
  const root = mkdtempSync(path.join(FIXTURES, "dead-handlers-"));
  roots.push(root);
  mkdirSync(path.join(root, "src", "pages"), { recursive: true });
  writeFileSync(path.join(root, "src", "Planted.tsx"), PLANTED);
  writeFileSync(
    path.join(root, "src", "pages", "index.astro"),
    `---\nimport Page from "../Planted";\n---\n<html><body><Page ${directive} /></body></html>\n`,
  );
  await build({
    root,
    configFile: false,
    logLevel: process.env.DEBUG_FIXTURE ? "info" : "silent",
    outDir: path.join(root, "dist"),
    integrations: [react(), noDeadHandlers()],
  });
}

describe("no dead handlers (ADR 0079)", () => {
  it("fails the build on a handler rendered outside an island, naming the component and the prop", async () => {
    await expect(buildSite("")).rejects.toThrow(/<button onClick> in Planted \(rendered by Page\)/);
  }, 120_000);

  it("builds the same component as an island", async () => {
    await expect(buildSite("client:load")).resolves.toBeUndefined();
  }, 120_000);
});
