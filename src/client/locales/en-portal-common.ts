/**
 * The portal's words that used to sit in the base catalog (`en.ts`): role names and the few
 * `common.*` words only portal screens show. Registered with the portal's catalogs
 * (routes/portal-layout.tsx), so `/` does not download them (first-load budget, ADR 0008);
 * `addCatalog` merges `common` into the base catalog's, so the keys stay `common.signOut`,
 * `roles.admin`, … (docs/product.md#2-pages role names).
 */
export const enPortalCommon = {
  common: {
    signOut: "Sign out",
    signingOut: "Signing out...",
    never: "Never",
  },
  roles: { admin: "Admin", company_admin: "Company Admin", user: "User" },
  /** A role inside a sentence ("as {{role}}"): English keeps the capitals of the spec's role names. */
  rolesInText: { admin: "Admin", company_admin: "Company Admin", user: "User" },
} as const;
