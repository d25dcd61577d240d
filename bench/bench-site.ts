/**
 * `npm run bench:site` (ADR 0065): Lighthouse 12 mobile on each public page of the build and on
 * its no-script copy (the same HTML with every script removed, scripts/no-script-copy.ts), the
 * two audited one after the other for each page, N runs; prints every run, then per page the
 * medians of Performance, TBT, LCP and CLS for both and the TBT ratio (build / no-script), with
 * the date, the load average before and after and the Chromium and Lighthouse versions. The
 * no-script copy is the floor: what the page costs on this machine with none of our JavaScript.
 *
 * The site is served by the production server (`build/node/main.js`, run `npm run build`
 * first) on a free port with a throw-away DATA_DIR, whichever framework built the pages, so they
 * arrive with the real headers and compression. A small proxy in front of it listens on two
 * ports, one passing everything through (the build) and one answering the audited pages' HTML
 * with their no-script copy, Brotli-compressed like the server's pages (the no-script variant),
 * so both variants take the same path. Chromium (/usr/bin/chromium, or CHROMIUM_PATH) resolves
 * no other host, so no third party is measured. Only the Performance category is audited
 * (`npm run lighthouse` gives the four categories).
 *
 * Exits 1 when a page of the issue's targets (`/`, `/es/`, `/calculator`, `/schnucks`) has a
 * median TBT above 1.25× its no-script copy's.
 *
 * Usage: npm run bench:site -- [--runs N] [--all] [path …]
 *   default 3 runs of `/`, `/es/`, `/calculator`, `/schnucks`; --all: every public page in both
 *   languages. Each audit takes 10–30 s on 2 cores: 3 runs of the 4 pages is 24 audits.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { stripScripts } from "../scripts/no-script-copy";
import {
  figuresOf,
  interleave,
  type LighthouseFigures,
  medianFigures,
  parseArgs,
  publicPages,
  table,
  tbtRatio,
} from "../scripts/site-measure";
import { detectSiteBuild } from "../scripts/static-site";

/** The target pages and ratio: TBT ≤ 1.25× the no-script copy of the same page, same run. */
const TARGET_PAGES = ["/", "/es/", "/calculator", "/schnucks"];
const MAX_TBT_RATIO = 1.25;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Set from the first result: the Lighthouse that ran. */
let lighthouseVersion = "";

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const ms = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);
const seconds = (value: number) => (Number.isNaN(value) ? "—" : `${(value / 1000).toFixed(2)} s`);
const clsText = (value: number) => (Number.isNaN(value) ? "—" : String(Number(value.toFixed(3))));
const line = (f: LighthouseFigures) =>
  `Performance ${f.performance}  TBT ${ms(f.tbt)}  LCP ${seconds(f.lcp)}  CLS ${clsText(f.cls)}`;

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The production server on a free port with a throw-away database; resolves once `/api/ready` answers. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "aisleiq-bench-site-"));
  const app = spawn(process.execPath, ["build/node/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // Production refuses http, no gate passwords and no SMTP (docs/operations.md "Production
      // checks"); nothing is submitted during an audit, so the SMTP address may lead nowhere.
      ALLOW_HTTP_PUBLIC_URL: "true",
      EVENTS_PASSWORD: "bench-site-events-password",
      CHANNEL_PARTNER_PASSWORD: "bench-site-partner-password",
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (app.exitCode === null) {
      app.kill("SIGTERM");
      await new Promise((resolve) => app.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (app.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        app.exitCode !== null ? `server exited with ${app.exitCode}` : "server not ready in 120 s",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A page's no-script copy, compressed once in each encoding the server offers. */
interface Copy {
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Fetches each page from the server and makes its no-script copy.
 * @throws when a page does not answer 200 with HTML
 */
async function makeCopies(serverUrl: string, pages: readonly string[]): Promise<Map<string, Copy>> {
  const copies = new Map<string, Copy>();
  for (const page of pages) {
    const response = await fetch(`${serverUrl}${page}`, { redirect: "manual" });
    if (response.status !== 200) throw new Error(`${page}: HTTP ${response.status}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (
        !["content-length", "content-encoding", "etag", "last-modified", "transfer-encoding"].includes(name)
      ) {
        headers[name] = value;
      }
    });
    const identity = Buffer.from(stripScripts(await response.text()), "utf8");
    copies.set(page, {
      headers,
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    });
  }
  return copies;
}

/**
 * A proxy to `upstream` on a free port; with `copies`, a GET of one of those paths is answered
 * with the copy (Brotli or gzip as the browser accepts, like the server's precompressed pages).
 */
async function startProxy(
  upstream: URL,
  copies: Map<string, Copy> | null,
): Promise<{ url: string; close: () => void }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const copy = req.method === "GET" ? copies?.get(pathname) : undefined;
    if (copy !== undefined) {
      const accepted = String(req.headers["accept-encoding"] ?? "");
      const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
      const body = copy[encoding];
      res.writeHead(200, {
        ...copy.headers,
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        "content-length": String(body.length),
      });
      res.end(body);
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * One Lighthouse run (Performance only, mobile preset); a run whose trace failed is retried twice.
 * @returns its figures, and how many scripts the page requested (0 shows the copy is script-free)
 */
async function audit(port: number, url: string): Promise<{ figures: LighthouseFigures; scripts: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    lighthouseVersion = lhr.lighthouseVersion;
    for (const warning of lhr.runWarnings ?? []) console.log(`  Lighthouse warning: ${warning}`);
    const requests = (
      lhr.audits["network-requests"]?.details as { items?: { resourceType?: string }[] } | undefined
    )?.items;
    const scripts = requests?.filter((item) => item.resourceType === "Script").length ?? Number.NaN;
    if (!lhr.runtimeError || attempt === 3) return { figures: figuresOf(lhr), scripts };
    console.log(
      `  Lighthouse error (attempt ${attempt}): ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    );
  }
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
    if (options.budgets !== undefined) throw new Error("--budgets is an option of size, not bench:site");
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const runs = options.runs ?? 3;
  const pages = options.pages.length > 0 ? options.pages : options.all ? publicPages() : TARGET_PAGES;
  const build = detectSiteBuild("build");
  if (build === null || !existsSync("build/node/main.js")) {
    console.error(
      "No build found (build/node/main.js and build/site or build/client): run `npm run build` first.",
    );
    return 2;
  }
  const chromiumVersion = execFileSync(CHROMIUM, ["--version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
    .trim()
    .split("\n")[0];
  const started = Date.now();
  console.log(`bench:site ${new Date(started).toISOString()}  ${chromiumVersion}`);
  console.log(
    `Build: ${build.label}; ${runs} run(s) of ${pages.join(" ")}, each as built and without scripts.`,
  );
  console.log(`Load average before: ${load()} (1, 5, 15 min).`);

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer();
  } catch (error) {
    console.error(`The production server did not start: ${(error as Error).message}`);
    return 1;
  }
  let buildProxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let noScriptProxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results = new Map<string, LighthouseFigures[]>();
  try {
    const copies = await makeCopies(server.url, pages);
    buildProxy = await startProxy(new URL(server.url), null);
    noScriptProxy = await startProxy(new URL(server.url), copies);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        // No third party: every other host fails to resolve at once, as `npm run size` blocks them.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      ],
    });
    for (const step of interleave(pages, runs)) {
      const base = step.variant === "build" ? buildProxy.url : noScriptProxy.url;
      const { figures, scripts } = await audit(chrome.port, `${base}${step.page}`);
      const key = `${step.page} ${step.variant}`;
      results.set(key, [...(results.get(key) ?? []), figures]);
      console.log(
        `run ${step.run}/${runs}  ${step.page.padEnd(12)} ${step.variant.padEnd(9)}  ${line(figures)}  (${scripts} scripts)`,
      );
    }
  } finally {
    await chrome?.kill();
    buildProxy?.close();
    noScriptProxy?.close();
    await server.stop();
  }

  const misses: string[] = [];
  const rows = pages.map((page) => {
    const built = medianFigures(results.get(`${page} build`) ?? []);
    const bare = medianFigures(results.get(`${page} no-script`) ?? []);
    const ratio = tbtRatio(built.tbt, bare.tbt);
    const target = TARGET_PAGES.includes(page);
    if (target && !(ratio <= MAX_TBT_RATIO))
      misses.push(`${page}: TBT ${ratio.toFixed(2)}× the no-script copy`);
    return [
      page,
      String(built.performance),
      ms(built.tbt),
      seconds(built.lcp),
      clsText(built.cls),
      String(bare.performance),
      ms(bare.tbt),
      seconds(bare.lcp),
      clsText(bare.cls),
      Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "∞",
      target ? (ratio <= MAX_TBT_RATIO ? "ok" : "MISS") : "",
    ];
  });
  console.log(
    `\nMedians of ${runs} run(s), Lighthouse ${lighthouseVersion} mobile, ${chromiumVersion}; ` +
      `${Math.round((Date.now() - started) / 60_000)} min; load average after: ${load()}.`,
  );
  console.log(
    table(
      [
        ["", "as built", "", "", "", "no script", "", "", "", "TBT", ""],
        ["page", "perf", "TBT", "LCP", "CLS", "perf", "TBT", "LCP", "CLS", "ratio", `≤ ${MAX_TBT_RATIO}×`],
        ...rows,
      ],
      2,
    ),
  );
  for (const miss of misses) console.log(`  target missed: ${miss}`);
  return misses.length === 0 ? 0 : 1;
}

process.exitCode = await main();
