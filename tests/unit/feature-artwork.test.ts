import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FEATURE_CARDS } from "../../src/client/features/landing/content";

/**
 * The feature cards' scenes are views of one file (public/media/features.svg, written by
 * scripts/generate-artwork.mjs; ADR 0073): a card whose view is missing would show the whole
 * stack of scenes, and two scenes sharing an id would paint each other's gradients.
 */
const SPRITE = readFileSync("public/media/features.svg", "utf8");

describe("the feature cards' artwork", () => {
  it("names, for every card, a view of the one artwork file", () => {
    const views = new Map(
      [...SPRITE.matchAll(/<view id="([^"]+)" viewBox="([^"]+)"\/>/g)].map(([, id, box]) => [id, box]),
    );
    expect(views.size).toBe(FEATURE_CARDS.length);
    for (const card of FEATURE_CARDS) {
      const [file, view = ""] = card.image.split("#");
      expect([card.id, file]).toEqual([card.id, "/media/features.svg"]);
      expect([card.id, views.get(view)]).toEqual([card.id, expect.stringMatching(/^0 \d+ 480 300$/)]);
    }
  });

  it("gives each view its own 480 × 300 box and every id once", () => {
    const boxes = [...SPRITE.matchAll(/<view id="[^"]+" viewBox="0 (\d+) 480 300"\/>/g)].map(([, y]) =>
      Number(y),
    );
    expect(boxes).toEqual(boxes.map((_, index) => index * 300));
    const ids = [...SPRITE.matchAll(/\bid="([^"]+)"/g)].map(([, id]) => id);
    expect(ids.length).toBeGreaterThan(FEATURE_CARDS.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, reference] of SPRITE.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(reference);
  });
});
