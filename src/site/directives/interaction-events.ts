/**
 * What `client:interaction` (./interaction.ts) and the scripts that ask an island to load share.
 * The directive is bundled on its own and inlined in the page by Astro, so it cannot share a
 * module instance (a store) with the page's scripts: they speak through this DOM event.
 */

/**
 * Dispatched on `document` by a script that has handled a trigger's activation (set the shared
 * store) and wants the island behind that trigger live. `detail.trigger` is the trigger element;
 * every island whose `client:interaction` selector matches it loads.
 */
export const ISLAND_LOAD_EVENT = "aisleiq:island-load";

/** The `detail` of {@link ISLAND_LOAD_EVENT}. */
export interface IslandLoadDetail {
  trigger: Element;
}

/**
 * Asks the islands that answer `trigger` to load and hydrate (no-op for those already live).
 * @param trigger the element the visitor activated (it matches an island's trigger selector)
 */
export function requestIslandLoad(trigger: Element): void {
  document.dispatchEvent(new CustomEvent<IslandLoadDetail>(ISLAND_LOAD_EVENT, { detail: { trigger } }));
}
