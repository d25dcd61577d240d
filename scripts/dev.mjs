// `npm run dev` (ADR 0064): one command, hot reload for the static site, the browser app and the
// API, all on one origin, http://localhost:PORT (PORT default 3000):
// - the API server (tsx watch, restarts on change) on PORT + 1;
// - the static site (`astro dev`, hot reload) on PORT + 2;
// - the browser app (the portal: React Router's Vite plugin) inside this process, its
//   modules under DEV_APP_BASE so they never collide with the site's (both Vite servers serve
//   `/@vite/client`, `/src/client/…`), its hot reload on PORT + 3;
// and in front, on PORT, a small proxy: `/api` to the API, the browser app's pages and modules
// to React Router, everything else (public pages, their assets and hot reload socket) to Astro.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { createRequestListener } from "@react-router/node";
import "dotenv/config";
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const apiPort = Number(process.env.API_PORT ?? port + 1);
const sitePort = port + 2;
const appHmrPort = port + 3;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
/** Where the browser app's modules are served in development (its Vite `base`; the build keeps `/`). */
const DEV_APP_BASE = "/__app/";

const children = [
  // The binaries themselves, not through npx, so stopping them stops their own children.
  spawn("node_modules/.bin/tsx", ["watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(apiPort),
      PUBLIC_URL: publicUrl,
      CLIENT_DIR: "__none__",
      SITE_DIR: "__none__",
    },
  }),
  spawn("node_modules/.bin/astro", ["dev", "--port", String(sitePort), "--host", "127.0.0.1"], {
    stdio: "inherit",
    env: process.env,
  }),
];

const app = await createServer({
  base: DEV_APP_BASE,
  // Its own dependency cache: Astro's Vite uses node_modules/.vite, and two servers rewriting one
  // cache serve each other's stale files ("504 Outdated Optimize Dep").
  cacheDir: "node_modules/.vite/app",
  server: { middlewareMode: true, hmr: { port: appHmrPort } },
});
// The page list (src/common/pages.ts), read through the browser app's Vite server: Node runs no
// TypeScript of its own here.
const { PAGES, pagePathIn } = await app.ssrLoadModule("/src/common/pages.ts");
const { IMU_PAGE_PATH, IMU_PATH_MARKER } = await app.ssrLoadModule("/src/common/client-routes.ts");
/** First path segments of the browser app's pages (the `portal` pages of the list), lower case. */
const appSegments = new Set(
  PAGES.filter((page) => page.kind === "portal").map((page) => `/${page.path.split("/")[1]}`),
);
/** True for a path of the browser app's pages, any case: `/admin`, `/admin/login`, `/Dashboard`. */
const isAppPage = (pathname) => appSegments.has(`/${pathname.split("/")[1]?.toLowerCase()}`);
/** The IMU demo's own pages of the static site, one per language of its page, lower case. */
const imuPage = PAGES.find((page) => page.path === IMU_PAGE_PATH);
const imuPages = new Set(imuPage.languages.map((language) => pagePathIn(imuPage, language)));
/** True for the IMU demo's own pages (`/accelerometer`, `/es/accelerometer/`), any case. */
const isImuPage = (pathname) => imuPages.has(pathname.toLowerCase().replace(/(.)\/$/, "$1"));

/** React Router's handler for the browser app's documents, on its current server build. */
const appDocument = async (request, response) => {
  try {
    const build = await app.ssrLoadModule("virtual:react-router/server-build");
    await createRequestListener({ build, mode: "development" })(request, response);
  } catch (error) {
    app.ssrFixStacktrace(error);
    response.statusCode = 500;
    response.end(String(error?.stack ?? error));
  }
};

/** Sends `request` to 127.0.0.1:`target` and its answer back. */
function forward(request, response, target) {
  const upstream = http.request(
    { host: "127.0.0.1", port: target, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", (error) => {
    // The API restarting, or Astro still starting: say so rather than hang.
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
    response.end(`dev proxy: port ${target} did not answer (${error.message})`);
  });
  request.pipe(upstream);
}

const front = http.createServer((request, response) => {
  const pathname = (request.url ?? "/").split("?")[0] ?? "/";
  if (pathname === "/api" || pathname.startsWith("/api/")) return forward(request, response, apiPort);
  if (pathname.startsWith(DEV_APP_BASE)) return app.middlewares(request, response);
  if (isAppPage(pathname)) {
    return app.middlewares(request, response, () => appDocument(request, response));
  }
  // Any other path containing "accelerometer" shows the IMU demo's page (docs/product.md#2-pages),
  // as the server answers it (imuPagePath in src/common/client-routes.ts).
  if (!isImuPage(pathname) && pathname.toLowerCase().includes(IMU_PATH_MARKER)) {
    request.url = IMU_PAGE_PATH;
  }
  return forward(request, response, sitePort);
});
// Astro's hot reload socket (the browser app's has its own port).
front.on("upgrade", (request, socket, head) => {
  const upstream = net.connect(sitePort, "127.0.0.1", () => {
    const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
    }
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on("error", () => socket.destroy());
  socket.on("error", () => upstream.destroy());
});
front.listen(port, host, () => console.log(`dev: http://localhost:${port} (site, portal, API)`));

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  front.close();
  void app.close();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
