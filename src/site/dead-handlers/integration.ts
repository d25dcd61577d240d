import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/** The check's own modules import the real ones. */
const CHECK_DIR = here("./");
const REDIRECTS: Record<string, string> = {
  "react/jsx-runtime": here("./jsx-runtime.ts"),
  "react/jsx-dev-runtime": here("./jsx-dev-runtime.ts"),
  "@astrojs/react/server.js": here("./react-server.ts"),
};

/**
 * The Vite side of the dead-handler check (ADR 0079), for the build's server environments only
 * (the pages' static render; the browser's bundles are untouched): the site's JSX goes through
 * jsx-runtime.ts (jsx-dev-runtime.ts outside production) and Astro's React renderer through react-server.ts.
 */
export function deadHandlersPlugin(): Plugin {
  return {
    name: "aisleiq:dead-handlers",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name !== "client",
    resolveId(source, importer) {
      const target = REDIRECTS[source];
      if (!target || importer?.startsWith(CHECK_DIR)) return null;
      return target;
    },
  };
}

/**
 * `npm run build` fails when an element rendered outside a `client:*` island carries an event
 * handler (`onClick`, `onChange`, `onSubmit`, …), naming the component (ADR 0079). Registered in
 * astro.config.ts after the React integration.
 */
export function noDeadHandlers(): AstroIntegration {
  return {
    name: "aisleiq:no-dead-handlers",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [deadHandlersPlugin()] } });
      },
    },
  };
}
