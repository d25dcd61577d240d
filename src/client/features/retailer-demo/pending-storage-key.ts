/**
 * localStorage key of the registrations captured offline (./pending-registrations.ts), in a module
 * of its own so the registration page's first-load script can look for them without the
 * request code.
 */
export const PENDING_STORAGE_KEY = "aisleiq.pendingDemoRegistrations";
