import { describe, expect, it } from "vitest";
import config from "../../react-router.config";
import routes from "../../src/client/routes";
import {
  CLIENT_ROUTE_PATTERNS,
  isPortalPath,
  SHELL_ROUTE_PATTERNS,
  shellPath,
} from "../../src/common/client-routes";
import { isClientRoute, shellFile } from "../../src/server/http/static";

/** The server's list of the app's pages (docs/product.md#2-pages: 200 for them, 404 for the rest) matches the route table. */
describe("CLIENT_ROUTE_PATTERNS", () => {
  it("has exactly the paths of src/client/routes.ts, less the catch-all", () => {
    // Layout routes (no path of their own) contribute their children's paths.
    const pages = routes.flatMap((route) =>
      route.path === undefined && !route.index ? (route.children ?? []) : [route],
    );
    const tablePaths = pages
      .map((route) => (route.index ? "/" : `/${route.path ?? ""}`))
      .filter((routePath) => routePath !== "/*");
    expect(CLIENT_ROUTE_PATTERNS.map((pattern) => pattern.path).sort()).toEqual(tablePaths.sort());
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
  it("holds for every page of the portal layout and for no other page of the route table", () => {
    const portal = routes.find((route) => route.file === "routes/portal-layout.tsx");
    const portalPaths = (portal?.children ?? []).map((route) => `/${route.path ?? ""}`);
    expect(portalPaths.length).toBeGreaterThan(3);
    expect(
      portalPaths.filter((routePath) => !isPortalPath(routePath.replace(/\/:token\?$/, "/abc"))),
    ).toEqual([]);
    const others = routes
      .filter((route) => route !== portal)
      .map((route) => (route.index ? "/" : `/${route.path ?? ""}`))
      .filter((routePath) => routePath !== "/*");
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
    expect(shellFile("/verify/abc")).toBe("verify/index.html");
    expect(shellFile("/Admin/Login")).toBe("admin/login/index.html");
    expect(shellFile("/accelerometer/x/y")).toBe("accelerometer/index.html");
    expect(shellFile("/calculator")).toBeNull();
    expect(shellFile("/verify/a/b")).toBeNull();
  });
});
