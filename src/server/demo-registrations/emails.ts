import { inboxUrl } from "../../common/inbox-search";
import type { Language } from "../../common/languages";
import type { RetailerDemo } from "../../common/retailer-demos";
import { layout, type RenderedEmail } from "../mail/templates";

interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * The notice to DEMO_REGISTRATION_EMAIL about a new store-demo registration (docs/product.md#7-api, ADR 0006),
 * in English (the team's language). Replies go to the registrant (`Reply-To`, the validated
 * address), and a button opens the admin's Demo Registrations list searched for that address
 * (ADR 0056). Every value is escaped by {@link layout}.
 * @param publicUrl PUBLIC_URL, the base of the link
 */
export function registrationNoticeEmail(
  demo: RetailerDemo,
  person: Registrant,
  registrationId: string,
  publicUrl: string,
): RenderedEmail {
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
  const subject = `${heading}: ${person.firstName} ${person.lastName}`;
  const url = inboxUrl(publicUrl, "demo-registrations", person.email);
  const label = "Open in Demo Registrations";
  return {
    subject,
    html: layout({ title: subject, heading, paragraphs: [...lines, next], action: { label, url } }),
    text: `${heading}\n\n${lines.join("\n")}\n\n${next}\n\n${label}: ${url}\n`,
    language: "en",
    replyTo: person.email,
  };
}

interface ConfirmationWords {
  subject: (store: string) => string;
  heading: (store: string) => string;
  greeting: (firstName: string) => string;
  thanks: (retailer: string, store: string) => string;
  android: (url: string) => string;
  ios: (url: string) => string;
  next: string;
  ignore: string;
}

/** The registrant's confirmation, per language (ADR 0025). */
const CONFIRMATION_TEXTS: Record<Language, ConfirmationWords> = {
  en: {
    subject: (store) => `Your ${store} Store Demo registration`,
    heading: (store) => `You're registered for the ${store} Store Demo`,
    greeting: (firstName) => `Hi ${firstName},`,
    thanks: (retailer, store) => `Thank you for registering for the ${retailer} ${store} Store Demo APP.`,
    android: (url) => `Download the app on Android: ${url}`,
    ios: (url) => `Download the app on iOS: ${url}`,
    next: "We are now requesting Apple and Google geofence developer provisioning for your device. Once it is complete, you will receive an email with a login QR code. Scan it with the app to sign in, then visit the store.",
    ignore: "If you did not register, you can ignore this email.",
  },
  es: {
    subject: (store) => `Su registro para la demostración en la tienda ${store}`,
    heading: (store) => `Registro confirmado: demostración en la tienda ${store}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    thanks: (retailer, store) =>
      `Gracias por registrarse en la app de demostración de ${retailer} para la tienda ${store}.`,
    android: (url) => `Descargue la app para Android: ${url}`,
    ios: (url) => `Descargue la app para iOS: ${url}`,
    next: "Ahora estamos pidiendo a Apple y Google que habiliten la geocerca para desarrolladores en su dispositivo. Cuando esté lista, le enviaremos un correo con un código QR para iniciar sesión. Escanéelo con la app para entrar y luego visite la tienda.",
    ignore: "Si usted no se registró, puede ignorar este correo.",
  },
};

/**
 * The confirmation to the registrant: what happens next (five steps) and the two
 * app-runner download pages, in the language the registrant used the form in (ADR 0025;
 * English when not given).
 */
export function registrationConfirmationEmail(
  demo: RetailerDemo,
  person: Registrant,
  language: Language = "en",
): RenderedEmail {
  const words = CONFIRMATION_TEXTS[language];
  const heading = words.heading(demo.storeName);
  const paragraphs = [
    words.greeting(person.firstName),
    words.thanks(demo.retailerName, demo.storeName),
    words.android(demo.androidUrl),
    words.ios(demo.iosUrl),
    words.next,
    words.ignore,
  ];
  return {
    subject: words.subject(demo.storeName),
    language,
    html: layout({ title: words.subject(demo.storeName), heading, paragraphs, language }),
    text: `${heading}\n\n${paragraphs.join("\n\n")}\n`,
  };
}
