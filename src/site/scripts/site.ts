/**
 * The one script of every public page (SiteLayout.astro), so a page starts one JavaScript
 * request at load instead of one per component plus their shared chunks (ADR 0064): on a
 * throttled phone each extra request competes with the HTML and the web font for the
 * connections, and Lighthouse counts every script run before the largest paint among that
 * paint's dependencies. astro.config.ts keeps this module's whole static graph in one chunk.
 *
 * Order as the components' scripts ran before: the dialog triggers and the visit's first landing,
 * the footer, the header (which replays a menu press made before it ran), then what only some
 * pages carry, each found by its marker in the page's HTML:
 * - `[data-arrival-hash]` (the landing page): a `#section` hash is scrolled to, and the hero's
 *   celebration is wired (it finds its own element, as the product video does);
 * - `[data-wake="calculator"]`: the slider's keys pressed before hydration are replayed; a shared
 *   link's figures are painted into the static HTML by a module imported for such links only
 *   (ADR 0068), and the island hydrates at once when the session asks for it;
 * - `[data-wake="registration"]`: the island hydrates at once when registrations wait offline;
 * - `[data-wake="imu-demo"]`: the IMU demo hydrates at once (ADR 0080);
 * - and the dialogs island loads at once when Get Started leads captured offline wait.
 */
import "./dialog-triggers";
// The visit's first landing, which Get Started sends with the lead.
import "./attribution";
import "./header-footer";
import "./header";
// The product video, wired where the page has one.
import "./product-video";
import { wakeCalculatorIfNeeded } from "../islands/calculator/wake";
import { CALCULATOR_WAKE_SELECTOR } from "../islands/calculator/wake-selector";
import { wakeDialogsIfLeadsPending } from "../islands/dialogs/wake";
import { wakeImuDemo } from "../islands/imu-demo/wake";
import { wakeRegistrationIfNeeded } from "../islands/registration/wake";
import { replayKeysAfterHydration } from "../islands/replay-keys";
import { celebrateHeroLater } from "./hero-celebration";
import { scrollToArrivalHash } from "./landing-hash";

if (document.querySelector("[data-arrival-hash]")) scrollToArrivalHash();
celebrateHeroLater();

if (document.querySelector(CALCULATOR_WAKE_SELECTOR)) {
  // The slider's keys pressed before the calculator has hydrated are not lost.
  for (const island of document.querySelectorAll("astro-island[ssr]")) replayKeysAfterHydration(island);
  wakeCalculatorIfNeeded();
}
wakeRegistrationIfNeeded();
wakeDialogsIfLeadsPending();
wakeImuDemo();
