import { chromium } from "playwright-core";
import { execSync } from "node:child_process";
const [exe, ...extra] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: exe, args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run", ...extra] });
const t0 = Date.now();
for (let i = 0; i < 3; i++) { const c = await b.newContext(); const p = await c.newPage(); await p.setContent("<h1>hi</h1>"); }
console.log("3 contexts", Date.now() - t0, "ms");
const pid = b.process().pid;
const all = execSync(`ps -eo pid,ppid,args`).toString().split("\n").slice(1).map(l => l.trim().split(/\s+/)).filter(x=>x.length>2);
const kids = new Set([String(pid)]); let changed = true;
while (changed) { changed = false; for (const [p, pp] of all) if (kids.has(pp) && !kids.has(p)) { kids.add(p); changed = true; } }
const lines = execSync(`ps -eo pid,args`).toString().split("\n").filter(l => kids.has(l.trim().split(/\s+/)[0]));
console.log("procs", lines.length, "webui", lines.filter(l => l.includes("top-chrome-webui")).length, "renderers", lines.filter(l=>l.includes("type=renderer")).length);
await b.close();
