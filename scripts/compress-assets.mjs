#!/usr/bin/env node
/**
 * Build step (performance budget, ADR 0008): writes Brotli (`.br`, quality 11) and gzip (`.gz`,
 * level 9) copies of every compressible file in the given build directories (default: the
 * browser app's build/client and the static site's build/site, ADR 0064; JS, CSS, HTML, SVG,
 * XML, text, JSON) larger than 1 KiB, so the server sends them precompressed (`@fastify/static`
 * `preCompressed`) to clients that accept them. Images, fonts and video are already compressed.
 * Usage: node scripts/compress-assets.mjs [dir…]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOTS = (process.argv.length > 2 ? process.argv.slice(2) : ["build/client", "build/site"]).map((dir) =>
  path.resolve(dir),
);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|xml|txt|json|webmanifest)$/;
let count = 0;
let before = 0;
let after = 0;

const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = statSync(full);
    if (stat.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry) && stat.size > 1024) {
      const data = readFileSync(full);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${full}.br`, br);
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
      before += data.length;
      after += br.length;
    }
  }
};
for (const root of ROOTS) walk(root);
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
