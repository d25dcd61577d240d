import type { Language } from "../../common/languages";
import { layout, type RenderedEmail } from "../mail/templates";

/** The sign-in email's words, per language (ADR 0025). */
const TEXTS: Record<
  Language,
  {
    subject: string;
    heading: string;
    greeting: (name: string) => string;
    intro: string;
    codeIntro: string;
    codeNote: string;
    ignore: string;
    action: string;
  }
> = {
  en: {
    subject: "Your AisleIQ sign-in link",
    heading: "Sign in to AisleIQ",
    greeting: (name) => `Hi ${name},`,
    intro: "Use the secure link below to sign in to AisleIQ. It expires in 15 minutes and works once.",
    codeIntro:
      "Reading this on another device? On the sign-in page where you asked for this email, type this code instead:",
    codeNote: "The code expires with the link, and using either one uses up both.",
    ignore:
      "If you did not ask to sign in, you can ignore this email; nobody can sign in without the link or the code.",
    action: "Sign in",
  },
  es: {
    subject: "Su enlace para entrar a AisleIQ",
    heading: "Inicie sesión en AisleIQ",
    greeting: (name) => `Hola, ${name}:`,
    intro: "Use el enlace seguro de abajo para entrar a AisleIQ. Vence en 15 minutos y sirve una sola vez.",
    codeIntro:
      "¿Lee este correo en otro dispositivo? En la página de inicio de sesión donde pidió este correo, escriba este código:",
    codeNote: "El código vence con el enlace, y al usar cualquiera de los dos se anulan ambos.",
    ignore:
      "Si usted no pidió entrar, puede ignorar este correo: nadie puede iniciar sesión sin este enlace o este código.",
    action: "Iniciar sesión",
  },
};

/**
 * The sign-in email: links to `${publicUrl}/verify/<token>` and says the link
 * expires in 15 minutes (docs/product.md#2-pages, #9-constants), then gives the one-time code
 * to type on the sign-in page instead, for a person reading it on another device (ADR 0060), in
 * the user's stored language (ADR 0025; English when not given).
 * @param options.code the six-digit code issued with the link
 */
export function magicLinkEmail(options: {
  publicUrl: string;
  token: string;
  code: string;
  fullName: string;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = TEXTS[language];
  const url = `${options.publicUrl}/verify/${options.token}`;
  const greeting = words.greeting(options.fullName);
  return {
    subject: words.subject,
    html: layout({
      title: words.subject,
      heading: words.heading,
      paragraphs: [greeting, words.intro],
      action: { label: words.action, url },
      code: { intro: words.codeIntro, value: options.code },
      closing: [words.codeNote, words.ignore],
      language,
    }),
    text: `${greeting}\n\n${words.intro}\n\n${url}\n\n${words.codeIntro}\n\n${options.code}\n\n${words.codeNote}\n\n${words.ignore}\n`,
    language,
  };
}

/** The deactivated-account email's words, per language (ADR 0025, ADR 0038). */
const DEACTIVATED_TEXTS: Record<
  Language,
  {
    subject: string;
    heading: string;
    greeting: (name: string) => string;
    intro: string;
    whomToAsk: (company: string | null) => string;
    ignore: string;
  }
> = {
  en: {
    subject: "Your AisleIQ account is deactivated",
    heading: "Your account is deactivated",
    greeting: (name) => `Hi ${name},`,
    intro:
      "Someone asked for a link to sign in to AisleIQ with this address. Your account is deactivated, so no sign-in link was sent.",
    whomToAsk: (company) =>
      company
        ? `To use AisleIQ again, ask an admin of ${company} to reactivate your account, or contact AisleIQ support.`
        : "To use AisleIQ again, ask another AisleIQ admin to reactivate your account, or contact AisleIQ support.",
    ignore: "If you did not ask to sign in, you can ignore this email.",
  },
  es: {
    subject: "Su cuenta de AisleIQ está desactivada",
    heading: "Su cuenta está desactivada",
    greeting: (name) => `Hola, ${name}:`,
    intro:
      "Alguien pidió un enlace para entrar a AisleIQ con esta dirección. Su cuenta está desactivada, así que no se envió ningún enlace.",
    whomToAsk: (company) =>
      company
        ? `Para volver a usar AisleIQ, pida a un administrador de ${company} que reactive su cuenta, o comuníquese con el soporte de AisleIQ.`
        : "Para volver a usar AisleIQ, pida a otro administrador de AisleIQ que reactive su cuenta, o comuníquese con el soporte de AisleIQ.",
    ignore: "Si usted no pidió entrar, puede ignorar este correo.",
  },
};

/**
 * The email a deactivated account gets instead of a sign-in link (ADR 0038): says the account is
 * deactivated and whom to ask (an admin of her company, else another AisleIQ admin, or AisleIQ
 * support), in her stored language (ADR 0025; English when not given). No link: there is
 * nothing to sign in to.
 * @param company the name of her company, or null for an account without one
 */
export function deactivatedAccountEmail(options: {
  fullName: string;
  company: string | null;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = DEACTIVATED_TEXTS[language];
  const paragraphs = [
    words.greeting(options.fullName),
    words.intro,
    words.whomToAsk(options.company),
    words.ignore,
  ];
  return {
    subject: words.subject,
    language,
    html: layout({ title: words.subject, heading: words.heading, paragraphs, language }),
    text: `${paragraphs.join("\n\n")}\n`,
  };
}

/** The step-up email's words, per language (ADR 0025, ADR 0076). */
const STEP_UP_TEXTS: Record<
  Language,
  {
    subject: string;
    heading: string;
    greeting: (name: string) => string;
    intro: (device: string) => string;
    codeIntro: string;
    note: string;
    notYou: string;
  }
> = {
  en: {
    subject: "Your AisleIQ confirmation code",
    heading: "Confirm it's you",
    greeting: (name) => `Hi ${name},`,
    intro: (device) =>
      `Someone signed in to your AisleIQ account on ${device} wants to add a passkey. A passkey can sign in to your account, so we ask for this code first.`,
    codeIntro: "If it's you, type this code where you are adding the passkey:",
    note: "The code expires in 10 minutes and works once.",
    notYou:
      "If it's not you, do not share the code: someone may be using your account. Sign out of your other devices from your dashboard, and tell your admin.",
  },
  es: {
    subject: "Su código de confirmación de AisleIQ",
    heading: "Confirme que es usted",
    greeting: (name) => `Hola, ${name}:`,
    intro: (device) =>
      `Alguien con una sesión abierta en su cuenta de AisleIQ en ${device} quiere agregar una llave de acceso. Una llave de acceso puede iniciar sesión en su cuenta, por eso pedimos primero este código.`,
    codeIntro: "Si es usted, escriba este código donde está agregando la llave de acceso:",
    note: "El código vence en 10 minutos y sirve una sola vez.",
    notYou:
      "Si no es usted, no comparta el código: alguien podría estar usando su cuenta. Cierre la sesión en sus otros dispositivos desde su panel y avise a su administrador.",
  },
};

/**
 * The step-up email (ADR 0076): the six-digit code a signed-in person types to add a passkey
 * when her sign-in is older than the step-up window, naming the device that asks (`device`,
 * "Chrome on macOS"), so she can tell a request that is not hers, in her stored language.
 */
export function stepUpCodeEmail(options: {
  code: string;
  fullName: string;
  device: string;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = STEP_UP_TEXTS[language];
  const paragraphs = [words.greeting(options.fullName), words.intro(options.device)];
  return {
    subject: words.subject,
    html: layout({
      title: words.subject,
      heading: words.heading,
      paragraphs,
      code: { intro: words.codeIntro, value: options.code },
      closing: [words.note, words.notYou],
      language,
    }),
    text: `${paragraphs.join("\n\n")}\n\n${words.codeIntro}\n\n${options.code}\n\n${words.note}\n\n${words.notYou}\n`,
    language,
  };
}
