import { describe, expect, it } from "vitest";
import { es } from "~/locales/es";
import { esLeads } from "~/locales/es-leads";
import { esPortal } from "~/locales/es-portal";
import { esPortalCommon } from "~/locales/es-portal-common";
import { leaves } from "../support/catalogs";

/**
 * The Spanish catalogs read as a Latin American reader expects (ADR 0022: neutral Latin American
 * Spanish): no calques of English idioms, leads are prospective customers, roles inside a
 * sentence are lower case, and invitees are addressed without assuming a gender.
 */
const allSpanish = [es, esLeads, esPortal, esPortalCommon].flatMap((catalog) =>
  leaves(catalog).map(([, text]) => text),
);

describe("Spanish wording", () => {
  it("has no literal calque of 'refreshingly simple'", () => {
    expect(allSpanish.filter((text) => /refrescantemente/i.test(text))).toEqual([]);
    expect(es.brand.title).toBe(
      "AisleIQ — Una plataforma de apps de IA para retail, simple y sin complicaciones",
    );
  });

  it("calls leads 'Clientes potenciales', not 'Contactos'", () => {
    expect(esLeads.title).toBe("Clientes potenciales");
    expect(leaves(esLeads).filter(([, text]) => /contacto/i.test(text))).toEqual([]);
  });

  it("writes roles in lower case inside sentences and invites without a gendered 'Lo'", () => {
    expect(esPortalCommon.rolesInText.company_admin).toBe("administrador de empresa");
    expect(allSpanish.filter((text) => /\bLo invitaron\b/.test(text))).toEqual([]);
    expect(esPortal.accept.description).toBe(
      "Recibió una invitación para unirse a AisleIQ con el rol de {{role}}.",
    );
  });
});
