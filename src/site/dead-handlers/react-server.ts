import reactRenderer from "@astrojs/react/server.js";
import { renderStatic } from "./dead-handlers";

type Renderer = typeof reactRenderer;
type RenderArgs = Parameters<Renderer["renderToStaticMarkup"]>;

/**
 * Astro's React server renderer, with the dead-handler check (ADR 0079): a component rendered
 * without a `client:*` directive (no `metadata.hydrate`) renders inside the check's scope, and
 * the page fails to build when one of its elements carries an event handler. Islands render as
 * before. integration.ts puts this module in place of `@astrojs/react/server.js` for the build.
 */
const renderer: Renderer = {
  ...reactRenderer,
  renderToStaticMarkup(this: unknown, ...args: RenderArgs) {
    const [Component, , , metadata] = args;
    const render = () => reactRenderer.renderToStaticMarkup.apply(this as never, args);
    return metadata?.hydrate ? render() : renderStatic(Component, render);
  },
};

export default renderer;
