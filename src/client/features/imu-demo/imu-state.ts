/**
 * State machine of the IMU demo (docs/product.md#4-states "IMU demo", #9-constants):
 * - support: unknown -> supported (first reading) or unsupported (no sensor API, no reading
 *   within {@link NO_READING_TIMEOUT_MS} of the grant, or a refused permission);
 * - permission: none -> granted or denied;
 * - the first reading calibrates beta to zero; later readings are relative to it.
 * Pure: no DOM access, so it is unit-tested in Node.
 */

/** Granted but no reading within this many ms marks the device unsupported (docs/product.md#9-constants). */
export const NO_READING_TIMEOUT_MS = 1000;

/** Manual slider ranges and steps (docs/product.md#9-constants). */
export const AXIS_RANGES = {
  alpha: { min: 0, max: 360 },
  beta: { min: -90, max: 90 },
  gamma: { min: -90, max: 90 },
} as const;
export const SLIDER_STEP = 1;
/** PageUp/PageDown move a slider by this many degrees (Radix: 10 × step). */
export const SLIDER_PAGE_STEP = 10;

export type Axis = keyof typeof AXIS_RANGES;
export type Support = "unknown" | "supported" | "unsupported";
export type Permission = "none" | "granted" | "denied";

/** Device orientation in degrees (docs/product.md#3-records). */
export interface Orientation {
  alpha: number;
  beta: number;
  gamma: number;
}

export interface ImuState {
  support: Support;
  permission: Permission;
  orientation: Orientation;
  /** Raw beta of the first reading, subtracted from later ones; null until the first reading. */
  betaOffset: number | null;
}

export type ImuAction =
  /** The browser has no DeviceOrientationEvent at all. */
  | { type: "sensors-missing" }
  /** Sensors may be used without asking (no `requestPermission`), or the user allowed them. */
  | { type: "permission-granted" }
  /** The user refused, or asking failed. */
  | { type: "permission-denied" }
  | { type: "reading"; alpha: number | null; beta: number | null; gamma: number | null }
  /** {@link NO_READING_TIMEOUT_MS} passed since the grant. */
  | { type: "no-reading" }
  /** A manual slider moved. */
  | { type: "manual"; axis: Axis; value: number };

export const initialImuState: ImuState = {
  support: "unknown",
  permission: "none",
  orientation: { alpha: 0, beta: 0, gamma: 0 },
  betaOffset: null,
};

/** Wraps an angle into [-180, 180). */
export function wrapSigned(degrees: number): number {
  return ((((degrees + 180) % 360) + 360) % 360) - 180;
}

/** Wraps an angle into [0, 360). */
export function wrapUnsigned(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

function clamp(axis: Axis, value: number): number {
  const { min, max } = AXIS_RANGES[axis];
  return Math.min(max, Math.max(min, value));
}

/** The IMU demo reducer; see the module comment for the transitions. */
export function imuReducer(state: ImuState, action: ImuAction): ImuState {
  switch (action.type) {
    case "sensors-missing":
      return { ...state, support: "unsupported" };
    case "permission-granted":
      return { ...state, permission: "granted" };
    case "permission-denied":
      return { ...state, permission: "denied", support: "unsupported" };
    case "no-reading":
      return state.support === "unknown" ? { ...state, support: "unsupported" } : state;
    case "reading": {
      // Once unsupported, the sliders own the model; a null event is no reading at all.
      if (state.support === "unsupported") return state;
      if (action.alpha === null && action.beta === null && action.gamma === null) return state;
      const rawBeta = action.beta ?? 0;
      const betaOffset = state.betaOffset ?? rawBeta;
      return {
        support: "supported",
        permission: "granted",
        betaOffset,
        orientation: {
          alpha: wrapUnsigned(action.alpha ?? 0),
          beta: wrapSigned(rawBeta - betaOffset),
          gamma: action.gamma ?? 0,
        },
      };
    }
    case "manual":
      if (!Number.isFinite(action.value)) return state;
      return {
        ...state,
        orientation: { ...state.orientation, [action.axis]: clamp(action.axis, Math.round(action.value)) },
      };
  }
}
