/**
 * Turns off zod's JIT in the browser before any schema is built. zod probes `new Function("")`
 * when an object schema is created; under our Content-Security-Policy (no 'unsafe-eval') that probe
 * is blocked and Chrome reports a CSP issue (Lighthouse Best Practices "inspector-issues").
 * zod reads its global config from `globalThis.__zod_globalConfig` (shared by every zod copy), so
 * setting it here, in the first module the root imports, needs no zod import on the first load.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
