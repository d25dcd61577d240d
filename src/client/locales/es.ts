import type { en } from "./en";
import { esLanding } from "./es-landing";
import type { Translation } from "./types";

/**
 * Spanish base catalog: the same keys as `en.ts` (brand, common, not-found page and the landing page;
 * the portal's roles and words are in `es-portal-common.ts`). Neutral Latin American Spanish, `usted` for business visitors; product names
 * (AisleIQ, RevenueBot, MotionSync, …) stay as they are. Registered only by the Spanish route
 * modules (routes/es/*), so English pages never download it (ADR 0022).
 */
export const es: Translation<typeof en> = {
  brand: {
    name: "AisleIQ",
    title: "AisleIQ — Una plataforma de apps de IA para retail, simple y sin complicaciones",
    description: "Una plataforma de apps de IA y de personal para retail, simple y sin complicaciones.",
  },
  common: {
    loading: "Cargando...",
    home: "Inicio",
    cancel: "Cancelar",
    close: "Cerrar",
    error: "Error",
    skipToContent: "Ir al contenido",
    fieldRequired: "Este campo es obligatorio.",
    islandLoad: {
      offline:
        "Parece que no tiene conexión. Esta parte de la página se cargará en cuanto vuelva la conexión.",
      unreachable: "Esta parte de la página no se pudo cargar. Vuelva a intentarlo en un momento.",
    },
  },
  notFound: {
    title: "404: página no encontrada",
    text: "La página que busca no existe o cambió de dirección.",
    home: "Ir a la página de inicio",
  },
  landing: esLanding,
};
