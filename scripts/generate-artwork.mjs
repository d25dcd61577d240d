#!/usr/bin/env node
/**
 * Generates the landing-page artwork in public/media/ (ADR 0008): the hero
 * phone, ten feature-card scenes (480×300) and six partner wordmarks (160×40). One palette and
 * one line weight for all of them. The scenes are written as one file, `features.svg`, each a
 * `<view>` named after the scene, which the feature grid shows as `features.svg#<name>` (ADR 0073). Run: `node scripts/generate-artwork.mjs`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const OUT = path.resolve("public/media");
const C = {
  ink: "#0f172a",
  slate: "#334155",
  mid: "#94a3b8",
  line: "#cbd5e1",
  soft: "#e2e8f0",
  paper: "#f8fafc",
  white: "#ffffff",
  indigo: "#4f46e5",
  indigoSoft: "#e0e7ff",
  violet: "#7c3aed",
  amber: "#f59e0b",
  amberSoft: "#fef3c7",
  green: "#10b981",
};
const SW = 3; // line weight shared by every scene
const FONT = "Inter, 'Segoe UI', Helvetica, Arial, sans-serif";

const svg = (w, h, body, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" fill="none"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.indigo}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient>${defs}</defs>${body}</svg>\n`;
const rect = (x, y, w, h, r, fill, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`;
const shadow = (x, y, w, h, r) => rect(x + 4, y + 8, w, h, r, C.ink, 'opacity=".08"');
const card = (x, y, w, h, r = 14) =>
  shadow(x, y, w, h, r) + rect(x, y, w, h, r, C.white, `stroke="${C.soft}" stroke-width="2"`);
const line = (x1, y1, x2, y2, stroke = C.slate, width = SW, extra = "") =>
  `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;
/** Four store shelves of `w`×`h` from (`x`, `y`), `step` apart; the third, amber, holds the item. */
const shelves = (x, y, w, h, step, r, fill) =>
  [0, 1, 2, 3]
    .map((i) =>
      rect(x + i * step, y, w, h, r, i === 2 ? C.amberSoft : fill, `stroke="${C.line}" stroke-width="2"`),
    )
    .join("");
const bar = (x, y, w, fill = C.soft, h = 8) => rect(x, y, w, h, h / 2, fill);
const circle = (cx, cy, r, fill, extra = "") =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const text = (x, y, s, size, fill, weight = 600, anchor = "start") =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${s}</text>`;
/** A phone: dark frame, white screen, notch. Returns markup; the screen starts at (x+8, y+8). */
const phone = (x, y, w, h, screen = "") =>
  shadow(x, y, w, h, 26) +
  rect(x, y, w, h, 26, C.ink) +
  rect(x + 8, y + 8, w - 16, h - 16, 19, C.white) +
  rect(x + w / 2 - 18, y + 14, 36, 6, 3, C.ink) +
  screen;
const spark = (cx, cy, s, fill) =>
  `<path d="M${cx} ${cy - s}C${cx + s * 0.15} ${cy - s * 0.15} ${cx + s * 0.15} ${cy - s * 0.15} ${cx + s} ${cy}C${cx + s * 0.15} ${cy + s * 0.15} ${cx + s * 0.15} ${cy + s * 0.15} ${cx} ${cy + s}C${cx - s * 0.15} ${cy + s * 0.15} ${cx - s * 0.15} ${cy + s * 0.15} ${cx - s} ${cy}C${cx - s * 0.15} ${cy - s * 0.15} ${cx - s * 0.15} ${cy - s * 0.15} ${cx} ${cy - s}Z" fill="${fill}"/>`;

const scenes = {
  revenuebot: svg(
    480,
    300,
    phone(170, 22, 140, 270) +
      rect(186, 52, 108, 22, 11, C.paper) +
      bar(196, 59, 60, C.line) +
      rect(206, 88, 88, 34, 12, C.soft) +
      bar(216, 97, 60, C.mid) +
      bar(216, 109, 40, C.mid) +
      rect(186, 134, 96, 48, 12, "url(#g)") +
      bar(196, 144, 70, C.white) +
      bar(196, 156, 54, "#c7d2fe") +
      bar(196, 168, 36, "#c7d2fe") +
      card(60, 70, 96, 76) +
      circle(108, 98, 16, C.indigoSoft) +
      rect(96, 92, 24, 14, 5, C.indigo) +
      circle(102, 99, 2.5, C.white) +
      circle(114, 99, 2.5, C.white) +
      line(108, 82, 108, 76, C.indigo) +
      circle(108, 74, 3, C.amber) +
      bar(82, 124, 52, C.soft) +
      card(326, 150, 110, 64) +
      // The commission as a bar, not a figure: the copy beside it writes the figure in the page's
      // language (".03895" in English, "3.895%" in Spanish), one picture serves both.
      bar(340, 170, 56, C.ink) +
      bar(340, 190, 70, C.amberSoft) +
      bar(340, 190, 44, C.amber) +
      spark(330, 58, 12, C.amber) +
      spark(420, 110, 8, C.violet),
  ),
  recommendations: svg(
    480,
    300,
    [58, 186, 314]
      .map((x, i) => {
        const hot = i === 1;
        const top = hot ? 52 : 70;
        const item =
          i === 0
            ? rect(x + 38, top + 28, 32, 64, 10, C.indigoSoft, `stroke="${C.indigo}" stroke-width="${SW}"`) +
              rect(x + 46, top + 18, 16, 12, 3, C.indigo)
            : i === 1
              ? rect(x + 28, top + 34, 52, 58, 8, C.amberSoft, `stroke="${C.amber}" stroke-width="${SW}"`) +
                line(x + 28, top + 52, x + 80, top + 52, C.amber)
              : rect(x + 34, top + 30, 40, 62, 14, "#ede9fe", `stroke="${C.violet}" stroke-width="${SW}"`) +
                line(x + 34, top + 48, x + 74, top + 48, C.violet);
        return (
          shadow(x, top, 108, 170, 16) +
          rect(
            x,
            top,
            108,
            170,
            16,
            C.white,
            `stroke="${hot ? C.amber : C.soft}" stroke-width="${hot ? SW : 2}"`,
          ) +
          item +
          bar(x + 18, top + 120, 72, C.soft) +
          bar(x + 18, top + 136, 44, hot ? C.amber : C.line)
        );
      })
      .join("") +
      circle(284, 52, 18, C.amber) +
      `<path d="M284 61l-8-8a5 5 0 0 1 8-6 5 5 0 0 1 8 6z" fill="${C.white}"/>` +
      spark(70, 44, 10, C.indigo) +
      spark(440, 250, 8, C.violet),
  ),
  motionsync: svg(
    480,
    300,
    `<path d="M40 250L240 180L440 250L240 300Z" fill="${C.indigoSoft}" opacity=".7"/>` +
      [0, 1, 2, 3, 4]
        .map((i) => line(40 + i * 50, 250 - i * 17.5, 240 + i * 50, 300 - i * 12.5, "#c7d2fe", 2))
        .join("") +
      [0, 1, 2, 3, 4]
        .map((i) => line(40 + i * 50, 250 + i * 12.5, 240 + i * 50, 180 + i * 17.5, "#c7d2fe", 2))
        .join("") +
      `<ellipse cx="240" cy="236" rx="46" ry="14" stroke="${C.indigo}" stroke-width="${SW}" opacity=".5"/>` +
      `<ellipse cx="240" cy="236" rx="70" ry="22" stroke="${C.indigo}" stroke-width="2" opacity=".25"/>` +
      [
        [240, 96, 240, 160],
        [240, 110, 206, 136],
        [206, 136, 190, 104],
        [240, 110, 274, 132],
        [274, 132, 300, 112],
        [240, 160, 220, 196],
        [220, 196, 214, 232],
        [240, 160, 262, 196],
        [262, 196, 270, 232],
      ]
        .map(([a, b, c, d]) => line(a, b, c, d, "url(#g)", 5))
        .join("") +
      circle(240, 74, 16, C.white, `stroke="${C.indigo}" stroke-width="${SW}"`) +
      [
        [240, 110],
        [206, 136],
        [190, 104],
        [274, 132],
        [300, 112],
        [240, 160],
        [220, 196],
        [262, 196],
        [214, 232],
        [270, 232],
      ]
        .map(([x, y]) => circle(x, y, 5, C.amber, `stroke="${C.white}" stroke-width="2"`))
        .join("") +
      card(330, 40, 110, 50) +
      circle(352, 65, 8, C.green) +
      bar(368, 56, 56, C.soft) +
      bar(368, 70, 40, C.line),
  ),
  navigation: svg(
    480,
    300,
    card(40, 24, 400, 252, 18) +
      shelves(80, 60, 40, 140, 88, 8, C.paper) +
      `<path d="M76 240H150V44H238V232H318V120" stroke="${C.indigo}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 12"/>` +
      circle(76, 240, 9, C.indigo, `stroke="${C.white}" stroke-width="3"`) +
      `<path d="M318 120c0-14-22-14-22 0 0 10 11 22 11 22s11-12 11-22z" fill="${C.amber}" transform="translate(11 -24)"/>` +
      circle(318, 97, 4, C.white) +
      card(336, 200, 90, 48, 12) +
      `<path d="M352 224h18m-6-7l7 7-7 7" stroke="${C.indigo}" stroke-width="${SW}" stroke-linecap="round" stroke-linejoin="round"/>` +
      bar(380, 214, 34, C.soft) +
      bar(380, 228, 24, C.line),
  ),
  floorsync: svg(
    480,
    300,
    card(120, 24, 320, 252, 18) +
      `<path d="M140 44h280v212H140z" stroke="${C.line}" stroke-width="2" stroke-dasharray="4 6"/>` +
      `<path d="M140 44h150v90H140zM290 44h130v130H290zM140 134h100v122H140zM240 200h180" stroke="${C.indigo}" stroke-width="${SW}" stroke-linejoin="round"/>` +
      rect(160, 64, 40, 10, 5, C.indigoSoft) +
      rect(160, 84, 110, 10, 5, C.indigoSoft) +
      rect(310, 64, 90, 10, 5, C.indigoSoft) +
      rect(310, 84, 90, 10, 5, C.indigoSoft) +
      rect(310, 104, 90, 10, 5, C.indigoSoft) +
      `<path d="M92 226L250 150L290 226Z" fill="url(#beam)" opacity=".35"/>` +
      phone(50, 170, 64, 112) +
      rect(62, 196, 40, 40, 8, C.indigoSoft) +
      `<path d="M70 204h24v24H70z" stroke="${C.indigo}" stroke-width="2"/>` +
      circle(250, 150, 6, C.amber) +
      circle(290, 226, 6, C.amber),
    `<linearGradient id="beam" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${C.indigo}"/><stop offset="1" stop-color="${C.indigo}" stop-opacity="0"/></linearGradient>`,
  ),
  productsync: svg(
    480,
    300,
    card(40, 40, 260, 220, 16) +
      [0, 1, 2]
        .map(
          (row) =>
            line(56, 110 + row * 66, 284, 110 + row * 66, C.line) +
            [0, 1, 2, 3, 4]
              .map((col) => {
                const fills = [C.indigoSoft, C.amberSoft, "#ede9fe", "#d1fae5", C.soft];
                const gap = row === 1 && col === 3;
                return gap
                  ? rect(
                      68 + col * 44,
                      62 + row * 66,
                      32,
                      44,
                      6,
                      "none",
                      `stroke="${C.amber}" stroke-width="2" stroke-dasharray="4 4"`,
                    )
                  : rect(
                      68 + col * 44,
                      62 + row * 66 + (col % 2) * 8,
                      32,
                      44 - (col % 2) * 8,
                      6,
                      fills[(col + row) % 5],
                    );
              })
              .join(""),
        )
        .join("") +
      phone(300, 54, 130, 220) +
      rect(318, 90, 94, 110, 10, C.paper) +
      `<path d="M326 104v-8h12M404 104v-8h-12M326 186v8h12M404 186v8h-12" stroke="${C.indigo}" stroke-width="${SW}" stroke-linecap="round"/>` +
      rect(342, 120, 22, 50, 5, C.indigoSoft) +
      rect(368, 128, 22, 42, 5, C.amberSoft) +
      line(326, 146, 404, 146, C.indigo, 2) +
      circle(365, 226, 16, C.green) +
      `<path d="M357 226l6 6 10-12" stroke="${C.white}" stroke-width="${SW}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ),
  trainingsync: svg(
    480,
    300,
    phone(176, 20, 128, 270) +
      bar(196, 58, 50, C.soft) +
      bar(196, 74, 80, C.soft) +
      card(112, 104, 256, 86, 16) +
      rect(128, 120, 40, 40, 12, C.amberSoft) +
      `<path d="M148 128a9 9 0 0 0-9 9v7l-3 4h24l-3-4v-7a9 9 0 0 0-9-9zM144 151a4 4 0 0 0 8 0" stroke="${C.amber}" stroke-width="${SW}" stroke-linejoin="round"/>` +
      text(180, 132, "TrainingSync AI", 13, C.indigo, 700) +
      bar(180, 144, 164, C.line) +
      bar(180, 158, 120, C.line) +
      rect(200, 210, 80, 56, 8, C.amberSoft, `stroke="${C.amber}" stroke-width="${SW}"`) +
      line(200, 228, 280, 228, C.amber) +
      `<path d="M240 204v-12m-7 7l7-7 7 7" stroke="${C.indigo}" stroke-width="${SW}" stroke-linecap="round" stroke-linejoin="round"/>` +
      spark(88, 70, 10, C.violet) +
      spark(404, 230, 12, C.amber),
  ),
  pro: svg(
    480,
    300,
    card(40, 30, 400, 240, 18) +
      rect(58, 50, 236, 176, 12, C.indigoSoft) +
      circle(176, 118, 30, C.white) +
      `<path d="M126 226c6-34 26-50 50-50s44 16 50 50z" fill="url(#g)"/>` +
      circle(176, 118, 22, "#c7d2fe") +
      rect(306, 50, 116, 84, 12, C.amberSoft) +
      circle(364, 84, 16, C.white) +
      `<path d="M338 134c4-18 14-26 26-26s22 8 26 26z" fill="${C.amber}"/>` +
      rect(306, 144, 116, 82, 12, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
      text(322, 176, "−80%", 22, C.ink, 800) +
      bar(322, 194, 84, C.soft) +
      bar(322, 194, 18, C.green) +
      circle(200, 246, 12, C.indigo) +
      circle(240, 246, 12, "#ef4444") +
      circle(280, 246, 12, C.slate) +
      line(235, 246, 245, 246, C.white, 3),
  ),
  "staff-different": svg(
    480,
    300,
    card(150, 40, 180, 220, 20) +
      rect(150, 40, 180, 60, 20, "url(#g)") +
      rect(150, 80, 180, 20, 0, "url(#g)") +
      rect(222, 30, 36, 20, 6, C.slate) +
      circle(240, 126, 32, C.white, `stroke="${C.white}" stroke-width="6"`) +
      circle(240, 126, 30, C.amberSoft) +
      circle(240, 118, 11, C.amber) +
      `<path d="M220 148c4-12 12-16 20-16s16 4 20 16" fill="${C.amber}"/>` +
      bar(190, 178, 100, C.line) +
      bar(206, 194, 68, C.soft) +
      rect(196, 218, 88, 26, 13, C.indigo) +
      bar(214, 227, 52, "#c7d2fe") +
      circle(96, 112, 22, C.indigoSoft) +
      circle(96, 106, 8, C.indigo) +
      `<path d="M82 124c3-8 8-11 14-11s11 3 14 11" fill="${C.indigo}"/>` +
      circle(384, 190, 22, "#ede9fe") +
      circle(384, 184, 8, C.violet) +
      `<path d="M370 202c3-8 8-11 14-11s11 3 14 11" fill="${C.violet}"/>` +
      `<path d="M362 84l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="${C.amber}"/>` +
      spark(110, 220, 10, C.amber),
  ),
  "iq-dashboard": svg(
    480,
    300,
    card(30, 24, 420, 252, 18) +
      rect(30, 24, 90, 252, 18, C.ink) +
      rect(100, 24, 20, 252, 0, C.ink) +
      circle(56, 52, 10, "url(#g)") +
      [0, 1, 2, 3].map((i) => bar(48, 86 + i * 26, 48 - i * 6, i === 0 ? C.indigo : C.slate)).join("") +
      [0, 1, 2]
        .map(
          (i) =>
            rect(138 + i * 100, 42, 88, 52, 10, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
            bar(150 + i * 100, 54, 40, C.line) +
            text(150 + i * 100, 84, ["+23%", "1,284", "−80%"][i], 15, [C.indigo, C.ink, C.green][i], 800),
        )
        .join("") +
      rect(138, 108, 190, 150, 10, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
      [46, 70, 58, 92, 80, 112]
        .map((h, i) =>
          rect(154 + i * 28, 240 - h, 16, h, 4, i === 5 ? C.amber : i % 2 ? C.indigo : "#a5b4fc"),
        )
        .join("") +
      rect(338, 108, 90, 150, 10, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
      `<path d="M350 226l18-22 16 10 16-30 16-12" stroke="${C.violet}" stroke-width="${SW}" stroke-linecap="round" stroke-linejoin="round"/>` +
      circle(416, 172, 5, C.amber),
  ),
};

/**
 * The hero phone's words per page language (ADR 0022: the Spanish landing page shows Spanish
 * artwork). `chatX` and `answerWidth` make room for longer phrases: the chat bubble grows to
 * the left and the answer card to the right, inside the phone's content column (x 52 to 308).
 */
const HERO_TEXT = {
  en: {
    query: "Where is the oat milk?",
    chatX: 118,
    answer: "Aisle 7, left side. $4.29",
    answerWidth: 220,
    followUp: "Want a route there?",
    suggestion: "You may also like",
    product: "Granola, honey oat",
  },
  es: {
    query: "¿Dónde hay leche de avena?",
    chatX: 96,
    answer: "Pasillo 7, a la izquierda. $4.29",
    answerWidth: 256,
    followUp: "¿Te guío hasta allí?",
    suggestion: "Te puede gustar",
    product: "Granola con miel",
  },
};

/** The hero phone artwork (360×640) with one language's words from {@link HERO_TEXT}. */
const heroPhone = (words) =>
  svg(
    360,
    640,
    shadow(20, 10, 320, 620, 48) +
      rect(20, 10, 320, 620, 48, C.ink) +
      rect(32, 22, 296, 596, 38, C.white) +
      rect(140, 34, 80, 22, 11, C.ink) +
      // App header
      circle(66, 90, 14, "url(#g)") +
      spark(66, 90, 7, C.white) +
      text(90, 96, "AisleIQ Market", 17, C.ink, 700) +
      rect(52, 118, 256, 40, 20, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
      circle(76, 138, 7, "none", `stroke="${C.mid}" stroke-width="2.5"`) +
      line(81, 143, 86, 148, C.mid, 2.5) +
      text(96, 143, words.query, 13, C.slate, 500) +
      // Chat
      rect(words.chatX, 176, 308 - words.chatX, 44, 16, C.soft) +
      text(words.chatX + 16, 203, words.query, 13, C.ink, 500) +
      rect(52, 232, words.answerWidth, 70, 16, "url(#g)") +
      text(68, 258, words.answer, 13, C.white, 600) +
      text(68, 280, words.followUp, 13, "#c7d2fe", 500) +
      // Product card
      rect(52, 318, 256, 92, 16, C.white, `stroke="${C.soft}" stroke-width="2"`) +
      rect(66, 332, 64, 64, 12, C.amberSoft) +
      rect(86, 344, 24, 42, 6, C.white, `stroke="${C.amber}" stroke-width="2.5"`) +
      text(144, 356, words.suggestion, 12, C.indigo, 700) +
      text(144, 376, words.product, 14, C.ink, 600) +
      text(144, 396, "$5.49", 14, C.slate, 500) +
      // Mini map
      rect(52, 426, 256, 140, 16, C.paper, `stroke="${C.soft}" stroke-width="2"`) +
      shelves(74, 446, 30, 80, 58, 6, C.white) +
      `<path d="M70 546H120V440H178V536H236" stroke="${C.indigo}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 9"/>` +
      circle(70, 546, 7, C.indigo, `stroke="${C.white}" stroke-width="2"`) +
      circle(236, 536, 8, C.amber, `stroke="${C.white}" stroke-width="2"`) +
      // Tab bar
      [0, 1, 2, 3].map((i) => circle(84 + i * 64, 592, 6, i === 0 ? C.indigo : C.line)).join(""),
  );

/** Partner wordmarks: a small mark and a name, monochrome-friendly, equal visual weight. */
const partners = {
  northfield: [
    "Northfield",
    `<path d="M6 30V10l14 20V10" stroke="#166534" stroke-width="4" stroke-linejoin="round"/>`,
    "#166534",
  ],
  cobalt: ["Cobalt Grocers", `<circle cx="14" cy="20" r="10" stroke="#1d4ed8" stroke-width="4"/>`, "#1d4ed8"],
  "harbor-vine": [
    "Harbor&amp;Vine",
    `<path d="M4 26c6-8 14-8 20 0M14 8v18" stroke="#0f766e" stroke-width="4" stroke-linecap="round"/>`,
    "#0f766e",
  ],
  summit: ["SUMMIT", `<path d="M3 30L13 10l5 9 3-5 7 16z" fill="#b45309"/>`, "#b45309"],
  quickstop: [
    "QuickStop",
    `<rect x="4" y="10" width="20" height="20" rx="6" fill="#dc2626"/><path d="M10 20h8" stroke="#fff" stroke-width="3"/>`,
    "#dc2626",
  ],
  meridian: [
    "Meridian",
    `<path d="M4 30V12l10 10 10-10v18" stroke="#7c3aed" stroke-width="4" stroke-linejoin="round"/>`,
    "#7c3aed",
  ],
};

/**
 * The scenes in one SVG, stacked top to bottom, each behind a `<view id="<name>">` of its own
 * 480×300 box (SVG 1.1 §7.7: `file.svg#<view id>` shows that view), with every `id` and `url(#…)`
 * prefixed by the scene's name so the scenes' gradients cannot collide.
 * @param {Record<string, string>} all scene name → the scene's SVG (as `svg()` writes it)
 * @returns the sprite's SVG text
 */
function sceneSprite(all) {
  const entries = Object.entries(all);
  const views = [];
  const bodies = [];
  entries.forEach(([name, content], index) => {
    const inner = content
      .trim()
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>$/, "");
    const scoped = inner
      .replace(/id="([^"]+)"/g, `id="${name}-$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${name}-$1)`);
    views.push(`<view id="${name}" viewBox="0 ${index * 300} 480 300"/>`);
    bodies.push(
      `<svg y="${index * 300}" width="480" height="300" viewBox="0 0 480 300" fill="none">${scoped}</svg>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 ${entries.length * 300}">${views.join("")}${bodies.join("")}</svg>\n`;
}

mkdirSync(path.join(OUT, "partners"), { recursive: true });
writeFileSync(path.join(OUT, "features.svg"), sceneSprite(scenes));
writeFileSync(path.join(OUT, "hero-phone.svg"), heroPhone(HERO_TEXT.en));
writeFileSync(path.join(OUT, "hero-phone-es.svg"), heroPhone(HERO_TEXT.es));
for (const [file, [name, mark, color]] of Object.entries(partners)) {
  const size = name.length > 11 ? 17 : 20;
  writeFileSync(
    path.join(OUT, "partners", `${file}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40" fill="none">${mark}<text x="34" y="27" font-family="${FONT}" font-size="${size}" font-weight="800" letter-spacing="-0.3" fill="${color}">${name}</text></svg>\n`,
  );
}
console.log("artwork written to", OUT);
