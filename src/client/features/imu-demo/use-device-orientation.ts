import { useEffect, useReducer } from "react";
import { imuReducer, initialImuState, NO_READING_TIMEOUT_MS } from "./imu-state";

/** iOS Safari's extension of DeviceOrientationEvent (W3C DeviceOrientation Event, "requestPermission"). */
type OrientationEventWithPermission = typeof DeviceOrientationEvent & {
  requestPermission?: () => Promise<"granted" | "denied">;
};

function orientationEventClass(): OrientationEventWithPermission | undefined {
  return typeof window !== "undefined" && "DeviceOrientationEvent" in window
    ? (window.DeviceOrientationEvent as OrientationEventWithPermission)
    : undefined;
}

/** True when the Permissions API reports accelerometer and gyroscope access as granted (Chromium). */
async function sensorsAlreadyGranted(): Promise<boolean> {
  try {
    const states = await Promise.all(
      ["accelerometer", "gyroscope"].map((name) =>
        navigator.permissions.query({ name: name as PermissionName }).then((status) => status.state),
      ),
    );
    return states.every((state) => state === "granted");
  } catch {
    return false;
  }
}

/**
 * Locks the screen to portrait while mounted and unlocks it on unmount or when the visitor leaves
 * the page (docs/product.md#4-states): the demo is a static page with an island (ADR 0080), so a
 * link away loads another document without unmounting it. Browsers that refuse (desktop, not full
 * screen) are not an error.
 */
function usePortraitLock() {
  useEffect(() => {
    const orientation = screen.orientation as ScreenOrientation & {
      lock?: (orientation: string) => Promise<void>;
    };
    try {
      orientation?.lock?.("portrait")?.catch(() => {});
    } catch {
      // Some browsers throw instead of rejecting: refusing is allowed.
    }
    const unlock = () => {
      try {
        orientation?.unlock?.();
      } catch {
        // Not locked, or not allowed: nothing to undo.
      }
    };
    window.addEventListener("pagehide", unlock);
    return () => {
      window.removeEventListener("pagehide", unlock);
      unlock();
    };
  }, []);
}

/**
 * Drives the IMU state machine from the browser (docs/product.md#4-states): decides whether permission must be
 * asked (`requestPermission` exists, iOS) or is implied, listens for `deviceorientation` once
 * granted, and marks the device unsupported when no reading arrives within 1 s.
 * @returns the state, `dispatch` for the manual sliders, and `requestSensors` for 'Allow Sensors'
 */
export function useDeviceOrientation() {
  const [state, dispatch] = useReducer(imuReducer, initialImuState);
  usePortraitLock();

  useEffect(() => {
    const EventClass = orientationEventClass();
    if (!EventClass) dispatch({ type: "sensors-missing" });
    else if (typeof EventClass.requestPermission !== "function") dispatch({ type: "permission-granted" });
    else {
      // Chromium has requestPermission too, but its sensors are usually granted already: then
      // there is nothing to ask. Elsewhere (iOS) the query fails and the alert stays.
      let active = true;
      void sensorsAlreadyGranted().then((granted) => {
        if (active && granted) dispatch({ type: "permission-granted" });
      });
      return () => {
        active = false;
      };
    }
  }, []);

  const listening = state.permission === "granted" && state.support !== "unsupported";
  useEffect(() => {
    if (!listening) return;
    const onOrientation = (event: DeviceOrientationEvent) =>
      dispatch({ type: "reading", alpha: event.alpha, beta: event.beta, gamma: event.gamma });
    window.addEventListener("deviceorientation", onOrientation);
    const timer = setTimeout(() => dispatch({ type: "no-reading" }), NO_READING_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("deviceorientation", onOrientation);
    };
  }, [listening]);

  // A new function each render: only the Allow Sensors button takes it, and nothing memoizes on it.
  const requestSensors = async () => {
    const EventClass = orientationEventClass();
    try {
      const answer = EventClass?.requestPermission ? await EventClass.requestPermission() : "granted";
      dispatch({ type: answer === "granted" ? "permission-granted" : "permission-denied" });
    } catch {
      dispatch({ type: "permission-denied" });
    }
  };

  return { state, dispatch, requestSensors };
}
