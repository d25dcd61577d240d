import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * The site's own client directives, as an Astro integration (Astro's `addClientDirective`):
 * `client:interaction` (./interaction.ts), which hydrates an island on the first interaction
 * with it or with one of its triggers elsewhere on the page. Registered in astro.config.ts.
 */
export function clientDirectives(): AstroIntegration {
  return {
    name: "aisleiq:client-directives",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "interaction",
          // A path, not a file: URL: Astro bundles the entrypoint with esbuild, which resolves paths.
          entrypoint: fileURLToPath(new URL("./interaction.ts", import.meta.url)),
        });
      },
    },
  };
}

declare module "astro" {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointerdown, click, focusin or keydown on the island, or on an element
     * matching the given CSS selector (its triggers elsewhere on the page); see ./interaction.ts.
     */
    "client:interaction"?: string | boolean;
  }
}
