/**
 * localStorage key of the Get Started leads captured offline (./pending-leads.ts), in a module of
 * its own so the public pages' first-load script can look for them without the request code.
 */
export const PENDING_LEADS_KEY = "aisleiq.pendingLeads";
