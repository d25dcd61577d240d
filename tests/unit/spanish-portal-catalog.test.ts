import { describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { addSpanishPortal } from "~/locales/es-portal-register";

/**
 * The Spanish texts the portal and the 404 page load on their own
 * (`lib/portal-language.ts`, ADR 0022): the portal's `common` words add to the base catalog's
 * instead of replacing them (a replaced `common.skipToContent` showed "Skip to content" on the
 * Spanish 404 page and broke its hydration).
 */
describe("Spanish portal catalogs", () => {
  it("keep the base's common words when the portal's are added with them", async () => {
    addSpanishPortal();
    await i18next.changeLanguage("es");
    expect(i18next.t("common.skipToContent")).toBe("Ir al contenido");
    expect(i18next.t("common.loading")).toBe("Cargando...");
    expect(i18next.t("common.signOut")).toBe("Cerrar sesión");
    expect(i18next.t("roles.company_admin")).toBe("Administrador de empresa");
    expect(i18next.t("rolesInText.company_admin")).toBe("administrador de empresa");
  });
});
