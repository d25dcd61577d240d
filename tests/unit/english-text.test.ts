import { describe, expect, it } from "vitest";
import { CATALOG_PAIRS, leaves } from "../support/catalogs";
import { ENGLISH_SENTENCES, englishIn, htmlSegments } from "../support/english-text";

/**
 * The English finder behind "no English string renders on a Spanish page" (ADR 0022, 0025):
 * it must stay quiet on every Spanish catalog text and flag English, also English that is in no
 * catalog (a sentence hard-coded into a component).
 */
const fill = (text: string) => text.replace(/\{\{[^}]*\}\}/g, "7");

describe("englishIn", () => {
  it("finds nothing in any Spanish catalog text", () => {
    const spanish = Object.values(CATALOG_PAIRS).flatMap(({ es }) =>
      leaves(es ?? {}).map(([, v]) => fill(v)),
    );
    expect(spanish.length).toBeGreaterThan(300);
    expect(englishIn(spanish)).toEqual([]);
  });

  it("flags every English catalog sentence", () => {
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(100);
    for (const sentence of ENGLISH_SENTENCES) expect(englishIn([sentence]), sentence).not.toEqual([]);
  });

  it("flags an English sentence that is in no catalog, and not its Spanish counterpart", () => {
    const english = "Your order will be ready at the front desk in ten minutes.";
    expect(ENGLISH_SENTENCES).not.toContain(english);
    expect(englishIn([english])).toEqual([`words [your, will, be, at, the, in]: ${english}`]);
    expect(englishIn(["Tu pedido estará listo en el mostrador en diez minutos."])).toEqual([]);
  });

  it("reads text nodes, attribute values and the meta description of prerendered HTML", () => {
    const html =
      '<html><head><meta name="description" content="Uno dos"/><script>var x = "the and the";</script></head>' +
      '<body><p>Hola &amp; adiós</p><img alt="Logo de la tienda"><input placeholder="tu@empresa.com"></body></html>';
    const segments = htmlSegments(html).filter((s) => s.trim() !== "");
    expect(segments).toEqual(["Hola & adiós", "Logo de la tienda", "tu@empresa.com", "Uno dos"]);
  });
});
