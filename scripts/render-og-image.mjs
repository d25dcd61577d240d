#!/usr/bin/env node
/**
 * Renders the Open Graph image public/media/og-image.png (1200×630, ADR 0008) from our own hero
 * artwork with Debian's Chromium through Playwright. Run: `node scripts/render-og-image.mjs`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const phone = readFileSync(path.resolve("public/media/hero-phone.svg"), "utf8");
const html = `<!doctype html><style>
*{margin:0;box-sizing:border-box}
body{width:1200px;height:630px;overflow:hidden;font-family:Inter,'Segoe UI',Helvetica,Arial,sans-serif;display:flex;align-items:center;justify-content:space-between;padding:0 90px;
background:radial-gradient(70% 80% at 85% 0%,#e0e7ff,transparent 70%),radial-gradient(60% 60% at 0% 100%,#fef3c7,transparent 70%),#fff}
.k{font-size:30px;font-weight:800;background:linear-gradient(90deg,#4f46e5,#7c3aed);-webkit-background-clip:text;color:transparent}
h1{font-size:64px;line-height:1.05;letter-spacing:-.03em;color:#0f172a;max-width:640px;margin-top:14px}
p{margin-top:24px;font-size:26px;color:#475569;max-width:600px}
.phone{width:300px;transform:translateY(70px)}
</style><div><div class="k">Introducing AisleIQ</div><h1>A refreshingly simple AI Retail APP Platform</h1><p>A refreshingly simple AI Retail APP &amp; Staffing Platform.</p></div><div class="phone">${phone.replace("<svg ", '<svg style="width:100%;height:auto" ')}</div>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: path.resolve("public/media/og-image.png") });
await browser.close();
console.log("public/media/og-image.png written");
