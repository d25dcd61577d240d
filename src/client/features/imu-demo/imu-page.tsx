import { type KeyboardEvent, type ReactNode, useId } from "react";
import type { enImuDemo } from "~/locales/en-imu-demo";
import type { Translation } from "~/locales/types";
import { AXIS_RANGES, type Axis, type Orientation, SLIDER_PAGE_STEP, SLIDER_STEP } from "./imu-state";
import { useDeviceOrientation } from "./use-device-orientation";

const AXES: Axis[] = ["alpha", "beta", "gamma"];

/**
 * The demo's texts in the page's language: its catalog (`en-imu-demo.ts` or `es-imu-demo.ts`),
 * given by the page at build time, so the island ships no translator (JavaScript budget of
 * `/accelerometer`, ADR 0080).
 */
export type ImuTexts = Translation<typeof enImuDemo>;

/**
 * `template` with each `{{name}}` replaced by `values[name]`: the catalogs' placeholders
 * (ADR 0023), for the demo's two templates; templite's own rule, without its chunk in the island's
 * budget (ADR 0080).
 */
const fill = (template: string, values: Record<string, number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** `texts.degrees` with `value` in it, e.g. "25°". */
const degrees = (texts: ImuTexts, value: number) => fill(texts.degrees, { value });

/**
 * The static markup the page gives the demo (Astro slots, so none of it is in the island's
 * JavaScript; ADR 0080): `children`, the phone's faces; the permission alert's icon and text
 * (title and hint), the unsupported alert's icon and text, and the headings of the readouts (`#imu-readouts`)
 * and of the manual controls (`#imu-manual`).
 */
export interface ImuArt {
  children?: ReactNode;
  permissionIcon?: ReactNode;
  permissionNote?: ReactNode;
  unsupportedNote?: ReactNode;
  readoutsHeading?: ReactNode;
  manualHeading?: ReactNode;
}

/**
 * The phone-orientation (IMU) demo (docs/product.md#2-pages, #4-states), inside the page's `<main>`
 * under its title (the static page around it, src/site/pages/_views/Imu.astro, ADR 0080): the
 * permission and unsupported alerts, a CSS 3D phone model, live alpha/beta/gamma readouts, and
 * manual sliders when the device has no usable sensors.
 * @param texts the demo's catalog in the page's language
 */
export function ImuPage({
  texts,
  children,
  permissionIcon,
  permissionNote,
  unsupportedNote,
  readoutsHeading,
  manualHeading,
}: { texts: ImuTexts } & ImuArt) {
  const { state, dispatch, requestSensors } = useDeviceOrientation();
  const { orientation, support, permission } = state;
  const needsPermission = support === "unknown" && permission === "none";

  return (
    <>
      {needsPermission && (
        <div role="alert" className="imu-alert imu-permission">
          {permissionIcon}
          <div className="imu-alert-body">
            {permissionNote}
            {/* The UI kit's Button's look (styles/imu-demo.css), in plain markup: no class joiner
                in the island's budget (ADR 0080). */}
            <button type="button" onClick={() => void requestSensors()} className="imu-allow">
              {texts.allowSensors}
            </button>
          </div>
        </div>
      )}
      {support === "unsupported" && (
        <div role="alert" className="imu-alert imu-unsupported">
          {unsupportedNote}
        </div>
      )}

      <div className="imu-grid">
        <PhoneModel texts={texts} orientation={orientation}>
          {children}
        </PhoneModel>
        <div className="imu-panels">
          <section aria-labelledby="imu-readouts" className="imu-card">
            {readoutsHeading}
            <p className="imu-status" aria-live="polite">
              {support === "supported"
                ? texts.calibrated
                : support === "unknown" && permission === "granted"
                  ? texts.waiting
                  : "\u00a0"}
            </p>
            <dl className="imu-readouts">
              {AXES.map((axis) => (
                <div key={axis} className="imu-readout">
                  <dt className="imu-axis">{texts.axes[axis]}</dt>
                  <dd className="imu-value" data-testid={`readout-${axis}`}>
                    {degrees(texts, Math.round(orientation[axis]))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          {support === "unsupported" && (
            <section aria-labelledby="imu-manual" className="imu-card">
              {manualHeading}
              <div className="imu-sliders">
                {AXES.map((axis) => (
                  <AxisSlider
                    texts={texts}
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
    </>
  );
}

/**
 * One axis's slider (docs/product.md#9-constants "IMU sliders"): a native range input, step 1,
 * Page Up / Page Down by 10 (a browser's own page step is a tenth of the range), its value told
 * as degrees. Native rather than the UI kit's Radix slider: the island's JavaScript budget
 * (ADR 0080).
 */
function AxisSlider({
  texts,
  axis,
  value,
  onChange,
}: {
  texts: ImuTexts;
  axis: Axis;
  value: number;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const { min, max } = AXIS_RANGES[axis];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === "PageUp" ? 1 : event.key === "PageDown" ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    onChange(Math.min(max, Math.max(min, value + direction * SLIDER_PAGE_STEP)));
  };
  return (
    <div className="imu-slider">
      <div className="imu-slider-label">
        <span id={labelId} className="imu-slider-name">
          {texts.axes[axis]}
        </span>
        <span className="imu-slider-value">{degrees(texts, value)}</span>
      </div>
      <input
        type="range"
        min={min}
        max={max}
        step={SLIDER_STEP}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        onKeyDown={onKeyDown}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-valuetext={degrees(texts, value)}
        className="imu-range"
      />
      <p id={hintId} className="imu-hint">
        {texts.axisHints[axis]}
      </p>
    </div>
  );
}

/**
 * A phone drawn with CSS 3D transforms, rotated as the W3C DeviceOrientation frame describes:
 * alpha around z, then beta around x, then gamma around y. `children`: its front and back faces.
 */
function PhoneModel({
  texts,
  orientation,
  children,
}: {
  texts: ImuTexts;
  orientation: Orientation;
  children?: ReactNode;
}) {
  const { alpha, beta, gamma } = orientation;
  return (
    <div
      role="img"
      aria-label={fill(texts.model, {
        alpha: Math.round(alpha),
        beta: Math.round(beta),
        gamma: Math.round(gamma),
      })}
      className="imu-stage"
    >
      <div
        data-testid="phone-model"
        className="imu-phone"
        style={{ transform: `rotateZ(${-alpha}deg) rotateX(${beta}deg) rotateY(${gamma}deg)` }}
      >
        {children}
      </div>
    </div>
  );
}
