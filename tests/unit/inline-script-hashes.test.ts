import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, inlineScriptHashesByFile } from "../../src/server/http/static";

const sha = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

/**
 * The CSP allows exactly the inline scripts of the built pages (ADR 0031), of both builds
 * (ADR 0064): the static site's (its islands loader) and the browser app's (hydration data).
 */
describe("inlineScriptHashes", () => {
  const root = mkdtempSync(path.join(tmpdir(), "aisleiq-hashes-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write("site/index.html", "<html><script>island()</script><script src='/_astro/a.js'></script></html>");
  write("site/es/calculator/index.html", '<script type="module">calculator()</script><script> </script>');
  write("site/_astro/page.html", "<script>notAPage()</script>");
  write("client/verify/index.html", "<script>hydrate()</script><script>island()</script>");
  write("client/assets/x.html", "<script>alsoNotAPage()</script>");

  it("hashes every inline script of every page of each build, once, and nothing else", () => {
    const hashes = inlineScriptHashes(
      inlineScriptHashesByFile(path.join(root, "site"), path.join(root, "client")),
    );
    expect(hashes.sort()).toEqual([sha("island()"), sha("calculator()"), sha("hydrate()")].sort());
  });

  it("skips a build that does not exist", () => {
    expect(
      inlineScriptHashes(inlineScriptHashesByFile(path.join(root, "none"), path.join(root, "client"))).sort(),
    ).toEqual([sha("hydrate()"), sha("island()")].sort());
  });
});
