// `npm start`: runs the production server from the build, building first when there is none.
// Configuration comes from the environment and from .env (see README, "Configuration").
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const serverEntry = "build/node/main.js";
if (!existsSync(serverEntry) || !existsSync("build/client/index.html")) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(serverEntry).href);
