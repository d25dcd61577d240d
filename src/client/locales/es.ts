import type { en } from "./en";
import { esLanding } from "./es-landing";
import type { Translation } from "./types";

/**
 * Spanish base catalog: the same keys as `en.ts` (brand, common, roles, not-found page and the
 * landing page). Neutral Latin American Spanish, `usted` for business visitors; product names
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
    signOut: "Cerrar sesión",
    signingOut: "Cerrando sesión...",
    home: "Inicio",
    cancel: "Cancelar",
    close: "Cerrar",
    error: "Error",
    never: "Nunca",
    skipToContent: "Ir al contenido",
  },
  roles: { admin: "Administrador", company_admin: "Administrador de empresa", user: "Usuario" },
  // Inside a sentence a role is a common noun: lower case in Spanish ("con el rol de usuario").
  rolesInText: { admin: "administrador", company_admin: "administrador de empresa", user: "usuario" },
  notFound: {
    title: "404: página no encontrada",
    text: "La página que busca no existe o cambió de dirección.",
    home: "Ir a la página de inicio",
  },
  landing: esLanding,
};
