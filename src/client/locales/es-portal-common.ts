import type { enPortalCommon } from "./en-portal-common";
import type { Translation } from "./types";

/** Spanish of `en-portal-common.ts`: registered with the portal's Spanish catalogs (es-portal-register.ts). */
export const esPortalCommon: Translation<typeof enPortalCommon> = {
  common: {
    signOut: "Cerrar sesión",
    signingOut: "Cerrando sesión...",
    never: "Nunca",
  },
  roles: { admin: "Administrador", company_admin: "Administrador de empresa", user: "Usuario" },
  // Inside a sentence a role is a common noun: lower case in Spanish ("con el rol de usuario").
  rolesInText: { admin: "administrador", company_admin: "administrador de empresa", user: "usuario" },
};
