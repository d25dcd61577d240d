import { requestIslandLoad } from "../../directives/interaction-events";

/**
 * The selector of the IMU demo island's `client:interaction` (ADR 0080): a hidden marker beside
 * the island, through which {@link wakeImuDemo} asks it to hydrate with the page.
 */
export const IMU_WAKE_SELECTOR = "[data-wake=imu-demo]";

/**
 * Hydrates the IMU demo at the page's load (called by the page's script, scripts/site.ts): the
 * demo asks for the motion sensors and locks the orientation on entry (docs/product.md#4-states).
 * Through `client:interaction` rather than `client:load`, so an Allow Sensors press made before
 * the island is live is replayed once it is, and a failed load is told (ADR 0066).
 */
export function wakeImuDemo(): void {
  const marker = document.querySelector(IMU_WAKE_SELECTOR);
  if (marker) requestIslandLoad(marker);
}
