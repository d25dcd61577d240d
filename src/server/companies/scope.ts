/**
 * The manage scope moved to the one policy module (ADR 0017: one tenant policy); this re-export keeps older
 * imports working. New code imports from `auth/policy.ts`.
 */
export { type ManageScope, manageScope } from "../auth/policy";
