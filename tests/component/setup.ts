import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { addCatalog } from "~/lib/i18n";
import { enAccount } from "~/locales/en-account";
import { enCalculator } from "~/locales/en-calculator";
import { enImuDemo } from "~/locales/en-imu-demo";
import { enLeads } from "~/locales/en-leads";
import { enLoginPortals } from "~/locales/en-login-portals";
import { enPortal } from "~/locales/en-portal";
import { enPortalCommon } from "~/locales/en-portal-common";
import { enRetailerDemo } from "~/locales/en-retailer-demo";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // Files share one module graph and jsdom per worker (ADR 0046): no test leaves fake timers on.
  vi.useRealTimers();
});

// `findBy…` and `waitFor` wait for a condition; their default of 1 s is shorter than a debounced
// search and a query round trip take on a loaded 2-core machine running both projects' workers.
configure({ asyncUtilTimeout: 5_000 });

// Radix (Checkbox, Slider…) measures elements with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// The app registers each feature catalog in its route module; components rendered alone need them all.
addCatalog({
  ...enAccount,
  ...enPortalCommon,
  calculator: enCalculator,
  retailerDemo: enRetailerDemo,
  imuDemo: enImuDemo,
  portal: enPortal,
  leads: enLeads,
  loginPortals: enLoginPortals,
});
