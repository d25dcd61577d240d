// `npm run dev`: the API server (tsx watch, restarts on change) on API_PORT = PORT + 1, and the
// Vite dev server with hot reload on PORT, proxying /api to the API server.
import { spawn } from "node:child_process";
import "dotenv/config";

const port = Number(process.env.PORT ?? 3000);
const apiPort = String(process.env.API_PORT ?? port + 1);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: publicUrl, CLIENT_DIR: "__none__" },
  }),
  spawn("npx", ["react-router", "dev", "--port", String(port), "--host", process.env.HOST ?? "127.0.0.1"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
