import type { RetailerDemo } from "../../common/retailer-demos";
import { layout, type RenderedEmail } from "../mail/templates";

interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * The notice to DEMO_REGISTRATION_EMAIL about a new store-demo registration (docs/product.md#7-api, issue #6).
 * Every value is escaped by {@link layout}.
 */
export function registrationNoticeEmail(demo: RetailerDemo, person: Registrant, registrationId: string) {
  const heading = `New ${demo.storeName} store demo registration`;
  const lines = [
    `Name: ${person.firstName} ${person.lastName}`,
    `Email: ${person.email}`,
    `Phone: ${person.phone}`,
    `Retailer: ${demo.retailerName} (${demo.slug})`,
    "Terms of Service, Non-Disclosure Agreement and Privacy Policy: accepted",
    `Registration ID: ${registrationId}`,
  ];
  const next = "Start the Apple and Google geofence developer provisioning for this person.";
  return {
    subject: `${heading}: ${person.firstName} ${person.lastName}`,
    html: layout({ heading, paragraphs: [...lines, next] }),
    text: `${heading}\n\n${lines.join("\n")}\n\n${next}\n`,
  } satisfies RenderedEmail;
}

/**
 * The confirmation to the registrant: what happens next (five steps) and the two
 * app-runner download pages.
 */
export function registrationConfirmationEmail(demo: RetailerDemo, person: Registrant): RenderedEmail {
  const heading = `You're registered for the ${demo.storeName} Store Demo`;
  const paragraphs = [
    `Hi ${person.firstName},`,
    `Thank you for registering for the ${demo.retailerName} ${demo.storeName} Store Demo APP.`,
    `Download the app on Android: ${demo.androidUrl}`,
    `Download the app on iOS: ${demo.iosUrl}`,
    "We are now requesting Apple and Google geofence developer provisioning for your device. Once it is complete, you will receive an email with a login QR code. Scan it with the app to sign in, then visit the store.",
    "If you did not register, you can ignore this email.",
  ];
  return {
    subject: `Your ${demo.storeName} Store Demo registration`,
    html: layout({ heading, paragraphs }),
    text: `${heading}\n\n${paragraphs.join("\n\n")}\n`,
  };
}
