/**
 * The IMU demo island of `/accelerometer` and `/es/accelerometer` (docs/product.md#2-pages,
 * #4-states; ADR 0080): {@link ImuPage}, hydrated with the page (./wake.ts), since the demo asks
 * for the motion sensors at once. Its texts come as a prop, the catalog of the page's language
 * read at build time, so both pages share one island and it ships no translator; its static art
 * comes as slots. The component itself, re-exported: a wrapper would only add to the island's
 * JavaScript budget.
 */
export { ImuPage as default } from "~/features/imu-demo/imu-page";
