import { AlertTriangle, Lock, Smartphone } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Slider } from "~/components/ui/slider";
import { useTranslation } from "~/lib/react-i18n";
import { AXIS_RANGES, type Axis, type Orientation, SLIDER_STEP } from "./imu-state";
import { useDeviceOrientation } from "./use-device-orientation";

const AXES: Axis[] = ["alpha", "beta", "gamma"];

/**
 * The phone-orientation (IMU) demo (docs/product.md#2-pages, #4-states): the page's `<main>`, below
 * the site header and with no footer (the static page around it, src/site/pages/_views/Imu.astro,
 * ADR 0080), with a CSS 3D phone model, live alpha/beta/gamma readouts, the permission and
 * unsupported alerts, and manual sliders when the device has no usable sensors.
 */
export function ImuPage() {
  const { t } = useTranslation();
  const { state, dispatch, requestSensors } = useDeviceOrientation();
  const { orientation, support, permission } = state;
  const needsPermission = support === "unknown" && permission === "none";

  return (
    <main id="main" className="flex w-full flex-1 flex-col bg-slate-950 text-slate-50">
      <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-8 px-4 pt-10 pb-10 sm:px-6">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{t("imuDemo.title")}</h1>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">{t("imuDemo.subtitle")}</p>
        </div>

        {needsPermission && (
          <div
            role="alert"
            className="mx-auto flex w-full max-w-xl items-start gap-3 rounded-2xl border border-amber-400/60 bg-amber-400/10 p-4"
          >
            <Lock className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
            <div className="flex flex-1 flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold">{t("imuDemo.permissionTitle")}</p>
                <p className="text-sm text-slate-200">{t("imuDemo.permissionHint")}</p>
              </div>
              <Button
                variant={null}
                onClick={() => void requestSensors()}
                className="bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300"
              >
                {t("imuDemo.allowSensors")}
              </Button>
            </div>
          </div>
        )}
        {support === "unsupported" && (
          <div
            role="alert"
            className="mx-auto flex w-full max-w-xl items-start gap-3 rounded-2xl border border-red-400/60 bg-red-500/10 p-4"
          >
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-300" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t("imuDemo.notSupportedTitle")}</p>
              <p className="text-sm text-slate-200">{t("imuDemo.notSupportedHint")}</p>
            </div>
          </div>
        )}

        <div className="grid flex-1 items-center gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <PhoneModel orientation={orientation} />
          <div className="grid gap-6">
            <section
              aria-labelledby="imu-readouts"
              className="rounded-2xl border border-slate-800 bg-slate-900 p-5"
            >
              <h2 id="imu-readouts" className="flex items-center gap-2 text-lg font-semibold">
                <Smartphone className="size-5 text-indigo-300" aria-hidden="true" />
                {t("imuDemo.readouts")}
              </h2>
              <p className="mt-1 text-sm text-slate-300" aria-live="polite">
                {support === "supported"
                  ? t("imuDemo.calibrated")
                  : support === "unknown" && permission === "granted"
                    ? t("imuDemo.waiting")
                    : "\u00a0"}
              </p>
              <dl className="mt-4 grid grid-cols-3 gap-3">
                {AXES.map((axis) => (
                  <div key={axis} className="rounded-xl bg-slate-800 p-3 text-center">
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-300">
                      {t(`imuDemo.axes.${axis}`)}
                    </dt>
                    <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`readout-${axis}`}>
                      {t("imuDemo.degrees", { value: Math.round(orientation[axis]) })}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            {support === "unsupported" && (
              <section
                aria-labelledby="imu-manual"
                className="rounded-2xl border border-slate-800 bg-slate-900 p-5"
              >
                <h2 id="imu-manual" className="text-lg font-semibold">
                  {t("imuDemo.manualControls")}
                </h2>
                <div className="mt-2 grid gap-2">
                  {AXES.map((axis) => (
                    <AxisSlider
                      key={axis}
                      axis={axis}
                      value={orientation[axis]}
                      onChange={(value) => dispatch({ type: "manual", axis, value })}
                    />
                  ))}
                </div>
              </section>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}

function AxisSlider({
  axis,
  value,
  onChange,
}: {
  axis: Axis;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const { min, max } = AXIS_RANGES[axis];
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between">
        <span id={labelId} className="text-sm font-medium">
          {t(`imuDemo.axes.${axis}`)}
        </span>
        <span className="text-sm tabular-nums text-slate-300">{t("imuDemo.degrees", { value })}</span>
      </div>
      <Slider
        min={min}
        max={max}
        step={SLIDER_STEP}
        value={[value]}
        onValueChange={([next]) => onChange(next ?? value)}
        thumbProps={{
          "aria-labelledby": labelId,
          "aria-describedby": hintId,
          "aria-valuetext": t("imuDemo.degrees", { value }),
        }}
      />
      <p id={hintId} className="text-xs text-slate-300">
        {t(`imuDemo.axisHints.${axis}`)}
      </p>
    </div>
  );
}

/**
 * A phone drawn with CSS 3D transforms, rotated as the W3C DeviceOrientation frame describes:
 * alpha around z, then beta around x, then gamma around y.
 */
function PhoneModel({ orientation }: { orientation: Orientation }) {
  const { t } = useTranslation();
  const { alpha, beta, gamma } = orientation;
  return (
    <div
      role="img"
      aria-label={t("imuDemo.model", {
        alpha: Math.round(alpha),
        beta: Math.round(beta),
        gamma: Math.round(gamma),
      })}
      className="flex min-h-[360px] items-center justify-center [perspective:900px]"
    >
      <div
        data-testid="phone-model"
        className="relative h-[300px] w-[150px] transition-transform duration-150 ease-out [transform-style:preserve-3d]"
        style={{ transform: `rotateZ(${-alpha}deg) rotateX(${beta}deg) rotateY(${gamma}deg)` }}
      >
        <div className="absolute inset-0 rounded-[28px] border-4 border-slate-600 bg-gradient-to-b from-indigo-500 to-violet-700 shadow-2xl [backface-visibility:hidden]">
          <div className="mx-auto mt-3 h-4 w-16 rounded-full bg-slate-950" />
          <div className="mx-4 mt-8 grid gap-2">
            <div className="h-3 rounded bg-white/70" />
            <div className="h-3 w-2/3 rounded bg-white/50" />
            <div className="mt-4 h-20 rounded-xl bg-white/20" />
            <div className="h-3 w-1/2 rounded bg-amber-300/90" />
          </div>
        </div>
        <div className="absolute inset-0 rounded-[28px] border-4 border-slate-600 bg-slate-700 [backface-visibility:hidden] [transform:rotateY(180deg)]">
          <div className="ml-4 mt-4 size-10 rounded-xl bg-slate-900" />
        </div>
      </div>
    </div>
  );
}
