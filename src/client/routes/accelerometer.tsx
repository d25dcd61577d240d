import { lazy, Suspense } from "react";
import { LoadingScreen } from "~/components/loading-screen";
import { addCatalog, i18next } from "~/lib/i18n";
import { enImuDemo } from "~/locales/en-imu-demo";

// This route's texts (ADR 0008: feature catalogs load with their route, not on `/`).
addCatalog({ imuDemo: enImuDemo });

/** One chunk for the IMU page, shared with the not-found route's 'accelerometer' paths. */
const ImuPage = lazy(() => import("~/features/imu-demo/imu-page").then((m) => ({ default: m.ImuPage })));

export const meta = () => [
  { title: `${i18next.t("imuDemo.metaTitle")} · ${i18next.t("brand.name")}` },
  { name: "description", content: i18next.t("imuDemo.metaDescription") },
];

/** The IMU demo at /accelerometer and below (docs/product.md#2-pages); other paths containing 'accelerometer' reach it via the not-found route. */
export default function AccelerometerRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ImuPage />
    </Suspense>
  );
}

/**
 * Makes the build prerender this page as its shell (ADR 0041): React Router renders the
 * {@link HydrateFallback} of a route with a client loader (the page needs the browser's
 * motion sensors), and the page itself once the loader has run in the browser.
 */
export async function clientLoader() {
  return null;
}

/** The page's shell (ADR 0041): the loading screen under the page's title. */
export function HydrateFallback() {
  return <LoadingScreen />;
}
