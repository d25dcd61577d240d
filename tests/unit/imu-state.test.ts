import { describe, expect, it } from "vitest";
import {
  type ImuAction,
  type ImuState,
  imuReducer,
  initialImuState,
  wrapSigned,
} from "../../src/client/features/imu-demo/imu-state";

const run = (...actions: ImuAction[]): ImuState => actions.reduce(imuReducer, initialImuState);
const reading = (alpha: number | null, beta: number | null, gamma: number | null): ImuAction => ({
  type: "reading",
  alpha,
  beta,
  gamma,
});

describe("IMU state machine (docs/product.md#4-states)", () => {
  it("starts with support unknown and no permission", () => {
    expect(initialImuState).toMatchObject({ support: "unknown", permission: "none" });
  });

  it("marks a browser without sensors unsupported", () => {
    expect(run({ type: "sensors-missing" })).toMatchObject({ support: "unsupported", permission: "none" });
  });

  it("granted then a reading: supported, and the first reading calibrates beta to zero", () => {
    const state = run({ type: "permission-granted" }, reading(30, 42, -10));
    expect(state).toMatchObject({ support: "supported", permission: "granted", betaOffset: 42 });
    expect(state.orientation).toEqual({ alpha: 30, beta: 0, gamma: -10 });
    const later = imuReducer(state, reading(400, 52, 5));
    expect(later.orientation).toEqual({ alpha: 40, beta: 10, gamma: 5 });
    expect(imuReducer(later, reading(0, 42 - 170, 0)).orientation.beta).toBe(-170);
  });

  it("granted but no reading within 1 s: unsupported", () => {
    expect(run({ type: "permission-granted" }, { type: "no-reading" })).toMatchObject({
      support: "unsupported",
      permission: "granted",
    });
  });

  it("a late timeout does not undo a supported device", () => {
    expect(run({ type: "permission-granted" }, reading(1, 2, 3), { type: "no-reading" }).support).toBe(
      "supported",
    );
  });

  it("ignores null readings (desktop browsers without sensors send them)", () => {
    const state = run({ type: "permission-granted" }, reading(null, null, null));
    expect(state.support).toBe("unknown");
    expect(state.betaOffset).toBeNull();
  });

  it("a permission error or refusal: denied and unsupported", () => {
    expect(run({ type: "permission-denied" })).toMatchObject({
      support: "unsupported",
      permission: "denied",
    });
  });

  it("ignores readings once unsupported, so the sliders own the model", () => {
    const state = run(
      { type: "sensors-missing" },
      { type: "manual", axis: "beta", value: 20 },
      reading(5, 5, 5),
    );
    expect(state.orientation).toEqual({ alpha: 0, beta: 20, gamma: 0 });
  });

  it("manual values are rounded to the step and clamped to the documented ranges", () => {
    const state = run(
      { type: "sensors-missing" },
      { type: "manual", axis: "alpha", value: 361 },
      { type: "manual", axis: "beta", value: -120 },
      { type: "manual", axis: "gamma", value: 44.6 },
    );
    expect(state.orientation).toEqual({ alpha: 360, beta: -90, gamma: 45 });
    expect(imuReducer(state, { type: "manual", axis: "gamma", value: Number.NaN })).toBe(state);
  });

  it("wraps signed angles into [-180, 180)", () => {
    expect(wrapSigned(190)).toBe(-170);
    expect(wrapSigned(-190)).toBe(170);
    expect(wrapSigned(180)).toBe(-180);
  });
});
