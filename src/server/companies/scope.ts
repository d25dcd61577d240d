/**
 * The manage scope moved to the one policy module (issue #11); this re-export keeps older
 * imports working. New code imports from `auth/policy.ts`.
 */
export { type ManageScope, manageScope } from "../auth/policy";
