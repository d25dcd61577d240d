/**
 * The slugs of the configured retailer store demos (docs/product.md#2-pages "Demo registration
 * page"): `/<slug>` and `/es/<slug>` are pages. Kept apart from the demos' data in
 * `retailer-demos.ts` because every public page needs the list of paths (language links, route
 * matching) while only the registration page needs the data: in one module, the data rode in the
 * JavaScript every page loads before any interaction (docs/product.md budgets, `npm run size`).
 * `tests/unit/retailer-demo-slugs.test.ts` checks that the two lists agree.
 */
export const RETAILER_DEMO_SLUGS: readonly string[] = ["schnucks"];
