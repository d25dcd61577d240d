import { describe, expect, it } from "vitest";
import config from "../../react-router.config";
import routes from "../../src/client/routes";
import {
  CLIENT_ROUTE_PATTERNS,
  isPortalPath,
  SHELL_ROUTE_PATTERNS,
  SITE_PAGE_PATTERNS,
  shellPath,
} from "../../src/common/client-routes";
import { LOCALIZED_PATHS, SPANISH_PATHS } from "../../src/common/languages";
import { isClientRoute, shellFile, sitePageFile } from "../../src/server/http/static";

/**
 * The server's list of pages (docs/product.md#2-pages: 200 for them, 404 for the rest): the
 * browser app's part matches its route table, the static site's part is every public page in
 * both languages (ADR 0064).
 */
describe("CLIENT_ROUTE_PATTERNS", () => {
  it("has exactly the paths of src/client/routes.ts, less the catch-all, and the site's pages", () => {
    // Layout routes (no path of their own) contribute their children's paths.
    const pages = routes.flatMap((route) =>
      route.path === undefined && !route.index ? (route.children ?? []) : [route],
    );
    const tablePaths = pages
      .map((route) => (route.index ? "/" : `/${route.path ?? ""}`))
      .filter((routePath) => routePath !== "/*");
    expect([...SHELL_ROUTE_PATTERNS].sort()).toEqual(tablePaths.sort());
    expect(SITE_PAGE_PATTERNS.map((pattern) => pattern.path).sort()).toEqual(
      [...LOCALIZED_PATHS, ...SPANISH_PATHS].sort(),
    );
    expect(CLIENT_ROUTE_PATTERNS.map((pattern) => pattern.path).sort()).toEqual(
      [...SITE_PAGE_PATTERNS.map((pattern) => pattern.path), ...SHELL_ROUTE_PATTERNS].sort(),
    );
  });

  it("finds the site's built file of a public page", () => {
    expect(sitePageFile("/")).toBe("index.html");
    expect(sitePageFile("/es")).toBe("es/index.html");
    expect(sitePageFile("/es/")).toBe("es/index.html");
    expect(sitePageFile("/calculator/")).toBe("calculator/index.html");
    expect(sitePageFile("/es/schnucks")).toBe("es/schnucks/index.html");
    expect(sitePageFile("/Schnucks")).toBeNull();
    // The IMU demo (ADR 0080): its page in each language, and the English one for any other path
    // containing "accelerometer" (docs/product.md#2-pages).
    expect(sitePageFile("/accelerometer")).toBe("accelerometer/index.html");
    expect(sitePageFile("/es/accelerometer/")).toBe("es/accelerometer/index.html");
    expect(sitePageFile("/accelerometer/x/y")).toBe("accelerometer/index.html");
    expect(sitePageFile("/shop/ACCELEROMETER")).toBe("accelerometer/index.html");
    expect(sitePageFile("/es/labs/accelerometer")).toBe("accelerometer/index.html");
    expect(sitePageFile("/dashboard")).toBeNull();
    expect(sitePageFile("/404")).toBeNull();
  });

  it("matches parameters, optional segments, splats and the IMU marker; refuses other paths", () => {
    expect(isClientRoute("/verify/abc")).toBe(true);
    expect(isClientRoute("/verify/")).toBe(true);
    expect(isClientRoute("/accelerometer/x/y")).toBe(true);
    expect(isClientRoute("/shop/ACCELEROMETER")).toBe(true);
    expect(isClientRoute("/verify/abc/def")).toBe(false);
    expect(isClientRoute("/404")).toBe(false);
    expect(isClientRoute("/nope")).toBe(false);
  });
});

/** The portal's pages get the CSP without third-party hosts (ADR 0031): exactly the portal layout's pages. */
describe("isPortalPath", () => {
  it("holds for every page of the portal layout and for no other page of the route table or the site", () => {
    const portal = routes.find((route) => route.file === "routes/portal-layout.tsx");
    const portalPaths = (portal?.children ?? []).map((route) => `/${route.path ?? ""}`);
    expect(portalPaths.length).toBeGreaterThan(3);
    expect(
      portalPaths.filter((routePath) => !isPortalPath(routePath.replace(/\/:token\?$/, "/abc"))),
    ).toEqual([]);
    // The browser app's other pages and the static site's pages (ADR 0064).
    const others = [
      ...routes
        .filter((route) => route !== portal)
        .map((route) => (route.index ? "/" : `/${route.path ?? ""}`))
        .filter((routePath) => routePath !== "/*"),
      ...SITE_PAGE_PATTERNS.map((pattern) => pattern.path),
    ];
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter(isPortalPath)).toEqual([]);
  });

  it("matches whole segments, either language, any case", () => {
    expect(isPortalPath("/admin/login")).toBe(true);
    expect(isPortalPath("/Dashboard")).toBe(true);
    expect(isPortalPath("/es/sign-in")).toBe(true);
    expect(isPortalPath("/verify/abc")).toBe(true);
    expect(isPortalPath("/administrator")).toBe(false);
    expect(isPortalPath("/es")).toBe(false);
    expect(isPortalPath("/calculator")).toBe(false);
  });
});

/** Pages rendered in the browser are sent as their prerendered shell, titled (ADR 0041). */
describe("shell pages", () => {
  it("are prerendered at the path the server sends for each of their paths", () => {
    const prerendered = Array.isArray(config.prerender) ? config.prerender : [];
    expect(SHELL_ROUTE_PATTERNS.map(shellPath).filter((shell) => !prerendered.includes(shell))).toEqual([]);
    expect(shellPath("/verify/:token?")).toBe("/verify");
    expect(shellPath("/accelerometer/*")).toBe("/accelerometer");
    expect(shellPath("/verify/*")).toBe("/verify");
    expect(shellFile("/verify/abc")).toBe("verify/index.html");
    expect(shellFile("/Admin/Login")).toBe("admin/login/index.html");
    // The IMU demo is a page of the static site (ADR 0080), not a shell of the browser app.
    expect(shellFile("/accelerometer/x/y")).toBeNull();
    expect(shellFile("/calculator")).toBeNull();
    expect(shellFile("/verify/a/b")).toBeNull();
  });
});
