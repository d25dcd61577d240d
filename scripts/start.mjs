// `npm start`: runs the production server from the build, building first when there is none.
// Configuration comes from the environment and from .env (see README, "Configuration").
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

const serverEntry = "build/node/main.js";
// The browser app (portal, IMU demo) and the static public site (ADR 0064) are both built.
if (![serverEntry, "build/client/index.html", "build/site/index.html"].every((file) => existsSync(file))) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(serverEntry).href);
