/** English strings of the phone-orientation (IMU) demo (docs/product.md#2-pages, #4-states, #8-messages). */
export const enImuDemo = {
  metaTitle: "Phone Orientation Demo",
  metaDescription: "See your phone's orientation sensors drive a 3D phone model in real time.",
  title: "Phone Orientation Demo",
  subtitle: "Tilt and turn your phone: the model follows its alpha, beta and gamma angles.",
  notSupportedTitle: "Device Not Supported",
  notSupportedHint: "Use manual controls below to experience demo.",
  permissionTitle: "Permissions Required",
  permissionHint: "Grant access to motion and orientation sensors.",
  allowSensors: "Allow Sensors",
  waiting: "Waiting for sensor readings...",
  live: "Live sensor readings",
  calibrated: "Beta was calibrated to 0° at the first reading.",
  readouts: "Orientation",
  manualControls: "Manual controls",
  model: "3D phone model at alpha {{alpha}}°, beta {{beta}}°, gamma {{gamma}}°",
  axes: {
    alpha: "Alpha",
    beta: "Beta",
    gamma: "Gamma",
  },
  axisHints: {
    alpha: "Rotation around the vertical axis (compass), 0° to 360°",
    beta: "Front-to-back tilt, -90° to 90°",
    gamma: "Left-to-right tilt, -90° to 90°",
  },
  degrees: "{{value}}°",
} as const;
