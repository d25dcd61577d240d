import type { enImuDemo } from "./en-imu-demo";
import type { Translation } from "./types";

/** Spanish texts of the phone-orientation (IMU) demo: the same keys as `en-imu-demo.ts` (ADR 0022). */
export const esImuDemo: Translation<typeof enImuDemo> = {
  metaTitle: "Demostración de orientación del teléfono",
  metaDescription: "Vea cómo los sensores de orientación de su teléfono mueven un modelo 3D en tiempo real.",
  title: "Demostración de orientación del teléfono",
  subtitle: "Incline y gire su teléfono: el modelo sigue sus ángulos alfa, beta y gamma.",
  notSupportedTitle: "Dispositivo no compatible",
  notSupportedHint: "Use los controles manuales de abajo para probar la demostración.",
  permissionTitle: "Se necesitan permisos",
  permissionHint: "Permita el acceso a los sensores de movimiento y orientación.",
  allowSensors: "Permitir sensores",
  waiting: "Esperando las lecturas de los sensores...",
  live: "Lecturas de los sensores en vivo",
  calibrated: "Beta se calibró a 0° con la primera lectura.",
  readouts: "Orientación",
  manualControls: "Controles manuales",
  model: "Modelo 3D del teléfono con alfa {{alpha}}°, beta {{beta}}° y gamma {{gamma}}°",
  axes: {
    alpha: "Alfa",
    beta: "Beta",
    gamma: "Gamma",
  },
  axisHints: {
    alpha: "Rotación sobre el eje vertical (brújula), de 0° a 360°",
    beta: "Inclinación hacia adelante y atrás, de -90° a 90°",
    gamma: "Inclinación de izquierda a derecha, de -90° a 90°",
  },
  degrees: "{{value}}°",
};
