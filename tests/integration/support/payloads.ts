import { randomUUID } from "node:crypto";

/**
 * A valid Get Started request body (`POST /api/send-get-started-email`, docs/product.md#7-api), with
 * `overrides` merged over it.
 */
export function leadBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Grace",
    lastName: "Hopper",
    company: "Hopper Foods",
    phone: "+1 314 555 0100",
    email: "grace@hopperfoods.example",
    planTitle: "Optimal",
    ...overrides,
  };
}

/**
 * A valid Schnucks demo registration body (`POST /api/demo-registrations/schnucks`, ADR 0006)
 * with a fresh `registrationId`, with `overrides` merged over it.
 */
export function demoRegistrationBody(overrides: Record<string, unknown> = {}) {
  return {
    registrationId: randomUUID(),
    firstName: "Rosa",
    lastName: "Parker",
    email: "rosa.parker@schnucks.com",
    phone: "(314) 555-0100",
    acceptTerms: true,
    ...overrides,
  };
}
