#!/usr/bin/env node
/**
 * Renders the landing page's short product video (ADR 0008) from our
 * own frames: four app-UI scenes (a question to RevenueBot, its answer, the route to the shelf,
 * the IQ Dashboard) are drawn as HTML, captured with Debian's Chromium through Playwright, and
 * joined by ffmpeg with cross-fades and a slow zoom into public/media/product-tour.webm (VP9),
 * product-tour.mp4 (H.264) and the poster product-tour-poster.jpg. 960×600, 24 fps, muted.
 * Run: `node scripts/render-product-video.mjs` (needs /usr/bin/ffmpeg and /usr/bin/chromium).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const OUT = path.resolve("public/media");
const W = 960;
const H = 600;
const SCENE_SECONDS = 2.4;
const FADE_SECONDS = 0.5;
const FPS = 24;

const css = `
*{box-sizing:border-box;margin:0}
body{width:${W}px;height:${H}px;overflow:hidden;font-family:Inter,'Segoe UI',Helvetica,Arial,sans-serif;
background:radial-gradient(70% 80% at 80% 0%,#e0e7ff,transparent 70%),radial-gradient(60% 60% at 0% 100%,#fef3c7,transparent 70%),#f8fafc;display:flex;align-items:center;gap:56px;padding:0 72px}
.phone{width:270px;height:540px;border-radius:40px;background:#0f172a;padding:10px;box-shadow:0 30px 60px -20px rgba(15,23,42,.45);flex-shrink:0}
.screen{height:100%;border-radius:31px;background:#fff;padding:44px 16px 16px;display:flex;flex-direction:column;gap:12px;position:relative;overflow:hidden}
.notch{position:absolute;top:10px;left:50%;transform:translateX(-50%);width:80px;height:20px;border-radius:10px;background:#0f172a}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:15px;color:#0f172a}
.dot{width:24px;height:24px;border-radius:50%;background:linear-gradient(135deg,#4f46e5,#7c3aed)}
.me{align-self:flex-end;background:#e2e8f0;color:#0f172a;border-radius:16px 16px 4px 16px;padding:10px 12px;font-size:13px;max-width:80%}
.bot{align-self:flex-start;background:linear-gradient(135deg,#4f46e5,#7c3aed);color:#fff;border-radius:16px 16px 16px 4px;padding:10px 12px;font-size:13px;max-width:85%;line-height:1.45}
.bot small{display:block;color:#c7d2fe;font-size:12px}
.typing{display:flex;gap:5px;padding:14px}.typing i{width:7px;height:7px;border-radius:50%;background:#fff;opacity:.7}
.card{border:1.5px solid #e2e8f0;border-radius:14px;padding:10px;display:flex;gap:10px;align-items:center;font-size:12px;color:#334155}
.card b{display:block;color:#0f172a;font-size:13px}.thumb{width:46px;height:46px;border-radius:10px;background:#fef3c7;border:2px solid #f59e0b}
.map{flex:1;border:1.5px solid #e2e8f0;border-radius:14px;background:#f8fafc;position:relative}
.aisle{position:absolute;top:24px;width:30px;height:190px;border-radius:6px;background:#fff;border:2px solid #cbd5e1}
.side{display:grid;gap:14px;max-width:420px}
.kicker{font-size:15px;font-weight:700;color:#4f46e5;letter-spacing:.02em}
.title{font-size:40px;line-height:1.1;font-weight:800;color:#0f172a;letter-spacing:-.02em}
.tiles{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:8px}
.tile{background:#fff;border:1.5px solid #e2e8f0;border-radius:16px;padding:14px;box-shadow:0 10px 24px -16px rgba(15,23,42,.3)}
.tile b{display:block;font-size:26px;color:#0f172a}.tile span{font-size:13px;color:#475569}
.bars{display:flex;align-items:flex-end;gap:10px;height:120px;padding:14px;background:#fff;border:1.5px solid #e2e8f0;border-radius:16px;grid-column:span 2}
.bars i{flex:1;border-radius:6px 6px 2px 2px;background:#a5b4fc}.bars i:nth-child(even){background:#4f46e5}.bars i:last-child{background:#f59e0b}
`;

const header = `<div class="notch"></div><div class="brand"><span class="dot"></span>AisleIQ Market</div>`;
const map = (route) => `<div class="map">
  ${[18, 74, 130, 186].map((x, i) => `<div class="aisle" style="left:${x}px;${i === 2 ? "background:#fef3c7;border-color:#f59e0b" : ""}"></div>`).join("")}
  ${route ? `<svg width="238" height="250" style="position:absolute;inset:0" fill="none"><path d="M16 230H60V14H118V214H170V120" stroke="#4f46e5" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 10"/><circle cx="16" cy="230" r="8" fill="#4f46e5" stroke="#fff" stroke-width="3"/><circle cx="170" cy="120" r="9" fill="#f59e0b" stroke="#fff" stroke-width="3"/></svg>` : ""}
</div>`;

const scenes = [
  {
    screen: `${header}<div class="me">Where is the oat milk?</div><div class="bot"><div class="typing"><i></i><i></i><i></i></div></div>`,
    side: `<div class="kicker">RevenueBot</div><div class="title">Shoppers ask. Your store answers.</div>`,
  },
  {
    screen: `${header}<div class="me">Where is the oat milk?</div><div class="bot">Aisle 7, left side. $4.29<small>Want a route there?</small></div><div class="card"><span class="thumb"></span><span><b>You may also like</b>Granola, honey oat · $5.49</span></div>`,
    side: `<div class="kicker">RevenueBot</div><div class="title">Answers that know your inventory.</div>`,
  },
  {
    screen: `${header}<div class="bot">Turn left at aisle 5, then straight on.</div>${map(true)}`,
    side: `<div class="kicker">Turn by Turn</div><div class="title">Straight to the shelf.</div>`,
  },
  {
    screen: `${header}<div class="card"><span class="thumb" style="background:#e0e7ff;border-color:#4f46e5"></span><span><b>Added to cart</b>Oat milk, granola</span></div>${map(false)}`,
    side: `<div class="kicker">IQ Dashboard</div><div class="title">More revenue per visit.</div><div class="tiles"><div class="tile"><b>+23%</b><span>revenue per cart</span></div><div class="tile"><b>−80%</b><span>staffing cost</span></div><div class="bars"><i style="height:40%"></i><i style="height:55%"></i><i style="height:48%"></i><i style="height:70%"></i><i style="height:64%"></i><i style="height:92%"></i></div></div>`,
  },
];

const work = mkdtempSync(path.join(tmpdir(), "product-video-"));
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
  for (const [index, scene] of scenes.entries()) {
    await page.setContent(
      `<!doctype html><style>${css}</style><div class="phone"><div class="screen">${scene.screen}</div></div><div class="side">${scene.side}</div>`,
    );
    await page.screenshot({ path: path.join(work, `scene-${index}.png`) });
  }
  await browser.close();

  // Each still becomes a clip with a slow zoom; clips are joined with cross-fades.
  const frames = Math.round(SCENE_SECONDS * FPS);
  const inputs = scenes.flatMap((_, i) => ["-i", path.join(work, `scene-${i}.png`)]);
  const zooms = scenes
    .map(
      (_, i) =>
        `[${i}:v]scale=${W * 2}:${H * 2},zoompan=z='min(1+0.0008*on,1.06)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${W}x${H}:fps=${FPS},format=yuv420p,setsar=1[v${i}]`,
    )
    .join(";");
  let chain = "[v0]";
  const fades = [];
  for (let i = 1; i < scenes.length; i++) {
    const offset = (i * (SCENE_SECONDS - FADE_SECONDS)).toFixed(2);
    const label = i === scenes.length - 1 ? "[out]" : `[x${i}]`;
    fades.push(`${chain}[v${i}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset}${label}`);
    chain = label;
  }
  const filter = `${zooms};${fades.join(";")}`;
  const ffmpeg = (args) =>
    execFileSync("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
      stdio: "inherit",
    });
  ffmpeg([
    ...inputs,
    "-filter_complex",
    filter,
    "-map",
    "[out]",
    "-an",
    "-c:v",
    "libx264",
    "-preset",
    "slow",
    "-crf",
    "28",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    path.join(OUT, "product-tour.mp4"),
  ]);
  ffmpeg([
    ...inputs,
    "-filter_complex",
    filter,
    "-map",
    "[out]",
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "40",
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "4",
    path.join(OUT, "product-tour.webm"),
  ]);
  ffmpeg(["-i", path.join(work, "scene-0.png"), "-q:v", "4", path.join(OUT, "product-tour-poster.jpg")]);
  for (const file of ["product-tour.mp4", "product-tour.webm", "product-tour-poster.jpg"]) {
    console.log(`${file}: ${(statSync(path.join(OUT, file)).size / 1024).toFixed(0)} KiB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
