/**
 * `.astro` imports in the Astro component tests, for `tsc` (Astro's own tooling types them as
 * components; tsc alone knows nothing of the extension).
 */
declare module "*.astro" {
  const Component: import("astro/runtime/server/index.js").AstroComponentFactory;
  export default Component;
}
