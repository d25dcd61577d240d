import { PRIVACY_NOTICE_PATHS } from "@common/privacy";
import { describe, expect, it } from "vitest";
import { oneBackend } from "./support/database";
import { useFakeClientServer } from "./support/fake-client";
import { useTestDatabase } from "./support/fixture";

/**
 * The privacy notice page (docs/product.md#11-lead-attribution-and-privacy-notice) as the server
 * serves it: `/privacy` and `/es/privacy` answer 200 with their own prerendered files, never
 * cached, follow the `lang` cookie as every page with a Spanish twin does (ADR 0022), and paths
 * below them are unknown (404). The builds are minimal fakes with marked pages (ADR 0064).
 */
describe.each(oneBackend())("privacy notice page on $name", (backend) => {
  const database = useTestDatabase(backend);
  const app = useFakeClientServer(database, {
    "site/index.html": "PAGE:home",
    "site/privacy/index.html": "PAGE:privacy",
    "site/es/privacy/index.html": "PAGE:es-privacy",
    "site/404.html": "PAGE:not-found",
    "client/index.html": "PAGE:spa-fallback",
  });

  it.each([
    [PRIVACY_NOTICE_PATHS.en, "PAGE:privacy"],
    [`${PRIVACY_NOTICE_PATHS.en}/`, "PAGE:privacy"],
    [PRIVACY_NOTICE_PATHS.es, "PAGE:es-privacy"],
    [`${PRIVACY_NOTICE_PATHS.es}/`, "PAGE:es-privacy"],
  ])("answers %s with 200 and its prerendered page", async (pathname, marker) => {
    const response = await app.server.request("GET", pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("vary")).toContain("Cookie");
    expect(response.body).toContain(marker);
  });

  it.each([
    [PRIVACY_NOTICE_PATHS.en, "lang=es", PRIVACY_NOTICE_PATHS.es],
    [PRIVACY_NOTICE_PATHS.es, "lang=en", PRIVACY_NOTICE_PATHS.en],
  ])("redirects %s with cookie %s to %s", async (pathname, cookie, location) => {
    const response = await fetch(`${app.server.baseUrl}${pathname}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each(["/privacy/extra", "/es/privacy/extra", "/Privacy-notice", "/es/privacidad"])(
    "answers %s with 404 and the not-found page",
    async (pathname) => {
      const response = await app.server.request("GET", pathname);
      expect(response.status).toBe(404);
      expect(response.body).toContain("PAGE:not-found");
    },
  );
});
