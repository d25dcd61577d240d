import { captureAttribution } from "~/lib/attribution";

/**
 * Records the visit's first landing (UTM parameters, referrer, landing path) on every public page
 * load, for the Get Started form to send with a lead (docs/product.md#11-lead-attribution-and-privacy-notice;
 * src/client/lib/attribution.ts). Framework-free, in the first load with the dialog triggers.
 */
captureAttribution();
