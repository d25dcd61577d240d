/**
 * The selector of the registration island's `client:interaction`: it names a hidden marker element
 * placed beside the island, through which ./wake.ts asks the island to hydrate with the page
 * (the directive loads an island when asked through an element its selector matches).
 */
export const REGISTRATION_WAKE_SELECTOR = "[data-wake=registration]";
