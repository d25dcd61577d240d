// Bundles the API server (src/server/main.ts) into build/node/main.js for `npm start`.
// npm packages stay external: they are loaded from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/node/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server built: build/node/main.js");
