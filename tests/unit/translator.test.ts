import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { addCatalog, setPageLanguage, i18next as translator } from "~/lib/i18n";
import { enAccount } from "~/locales/en-account";
import { enCalculator } from "~/locales/en-calculator";
import { enImuDemo } from "~/locales/en-imu-demo";
import { enLandingDialogs } from "~/locales/en-landing-dialogs";
import { enLeads } from "~/locales/en-leads";
import { enLoginPortals } from "~/locales/en-login-portals";
import { enPortal } from "~/locales/en-portal";
import { enPortalCommon } from "~/locales/en-portal-common";
import { enRetailerDemo } from "~/locales/en-retailer-demo";
import { esCalculator } from "~/locales/es-calculator";
import { esImuDemo } from "~/locales/es-imu-demo";
import { esLoginPortals } from "~/locales/es-login-portals";
import { addSpanishPortal } from "~/locales/es-portal-register";
import { addSpanish } from "~/locales/es-register";
import { leaves, type Tree } from "../support/catalogs";

/**
 * The app's translator (lib/i18n.ts, ADR 0023) replaced i18next. It must show the same text as
 * i18next did for every key of every catalog, in both languages, with plurals and placeholders:
 * i18next (still installed) is the oracle here, configured as the app configured it.
 */

// Every catalog, registered the way the route modules register them.
addCatalog({ landing: enLandingDialogs });
addCatalog({
  ...enAccount,
  ...enPortalCommon,
  calculator: enCalculator,
  retailerDemo: enRetailerDemo,
  imuDemo: enImuDemo,
  portal: enPortal,
  leads: enLeads,
  loginPortals: enLoginPortals,
});
// The IMU page registers its Spanish texts as a page of the site does (setupPage, ADR 0080).
addSpanish({ calculator: esCalculator, loginPortals: esLoginPortals, imuDemo: esImuDemo });
addSpanishPortal();

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1_000_000];

async function oracle() {
  const { en } = await import("~/locales/en");
  const { es } = await import("~/locales/es");
  const { esLandingDialogs } = await import("~/locales/es-landing-dialogs");
  const { esAccount } = await import("~/locales/es-account");
  const { esPortal } = await import("~/locales/es-portal");
  const { esPortalCommon } = await import("~/locales/es-portal-common");
  const { esLeads } = await import("~/locales/es-leads");
  const { esRetailerDemo } = await import("~/locales/es-retailer-demo");
  const instance = createInstance();
  await instance.init({
    resources: { en: { translation: en }, es: { translation: {} } },
    lng: "en",
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const add = (language: string, tree: object) =>
    instance.addResourceBundle(language, "translation", tree, true, true);
  add("en", {
    landing: enLandingDialogs,
    ...enAccount,
    ...enPortalCommon,
    calculator: enCalculator,
    retailerDemo: enRetailerDemo,
    imuDemo: enImuDemo,
    portal: enPortal,
    leads: enLeads,
    loginPortals: enLoginPortals,
  });
  add("es", { ...es, landing: { ...es.landing, ...esLandingDialogs } });
  add("es", { calculator: esCalculator, loginPortals: esLoginPortals });
  add("es", {
    ...esAccount,
    ...esPortalCommon,
    portal: esPortal,
    leads: esLeads,
    retailerDemo: esRetailerDemo,
    imuDemo: esImuDemo,
  });
  return instance;
}

/** Options that fill every placeholder of `text` with a recognisable value. */
function fill(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name]) => [name, `<${name}>`]),
  );
}

describe("translator (lib/i18n.ts) against i18next", () => {
  it.each(["en", "es"] as const)("shows what i18next shows for every %s key", async (language) => {
    const reference = await oracle();
    await reference.changeLanguage(language);
    setPageLanguage(language);
    const keys = leaves(reference.getResourceBundle(language, "translation") as Tree);
    expect(keys.length).toBeGreaterThan(300);
    let plurals = 0;
    for (const [key, text] of keys) {
      const base = key.replace(PLURAL, "");
      if (base !== key) {
        plurals += 1;
        const forms = new Set(keys.map(([other]) => other).filter((other) => other.startsWith(`${base}_`)));
        for (const count of COUNTS) {
          const options = { ...fill(text), count };
          const category = new Intl.PluralRules(language).select(count);
          // i18next answers a category the catalog lacks (Spanish "many": 1,000,000) with the
          // English text; the translator uses the language's own `_other` form instead.
          const expected = forms.has(`${base}_${category}`)
            ? reference.t(base, options)
            : reference.t(`${base}_other`, options);
          expect(translator.t(base, options), `${language} ${base} count ${count}`).toBe(expected);
        }
      } else {
        const options = fill(text);
        expect(translator.t(key, options), `${language} ${key}`).toBe(reference.t(key, options));
      }
    }
    expect(plurals).toBeGreaterThan(0);
    setPageLanguage("en");
  });

  it("falls back to English, then to defaultValue, then to the key", async () => {
    addCatalog({ common: { onlyInEnglish: "Only in English {{x}}" } } as never);
    setPageLanguage("es");
    expect(translator.t("common.onlyInEnglish", { x: 1 })).toBe("Only in English 1");
    expect(translator.t("common.nowhere", { defaultValue: "Default" })).toBe("Default");
    expect(translator.t("common.nowhere")).toBe("common.nowhere");
    setPageLanguage("en");
    expect(translator.t("common.cancel")).toBe("Cancel");
  });

  it("tells subscribers when the language changes, once per change", () => {
    let calls = 0;
    const stop = translator.subscribe(() => {
      calls += 1;
    });
    setPageLanguage("es");
    setPageLanguage("es");
    setPageLanguage("en");
    stop();
    setPageLanguage("es");
    setPageLanguage("en");
    expect(calls).toBe(2);
  });
});
