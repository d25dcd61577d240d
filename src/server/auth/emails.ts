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
    ignore: string;
    action: string;
  }
> = {
  en: {
    subject: "Your AisleIQ sign-in link",
    heading: "Sign in to AisleIQ",
    greeting: (name) => `Hi ${name},`,
    intro: "Use the secure link below to sign in to AisleIQ. It expires in 15 minutes and works once.",
    ignore: "If you did not ask to sign in, you can ignore this email; nobody can sign in without the link.",
    action: "Sign in",
  },
  es: {
    subject: "Su enlace para entrar a AisleIQ",
    heading: "Inicie sesión en AisleIQ",
    greeting: (name) => `Hola, ${name}:`,
    intro: "Use el enlace seguro de abajo para entrar a AisleIQ. Vence en 15 minutos y sirve una sola vez.",
    ignore:
      "Si usted no pidió entrar, puede ignorar este correo: nadie puede iniciar sesión sin este enlace.",
    action: "Iniciar sesión",
  },
};

/**
 * The sign-in email (issue #2): links to `${publicUrl}/verify/<token>` and says the link
 * expires in 15 minutes (docs/product.md#2-pages, #9-constants), in the user's stored
 * language (issue #12 item 1, ADR 0025; English when not given).
 */
export function magicLinkEmail(options: {
  publicUrl: string;
  token: string;
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
      heading: words.heading,
      paragraphs: [greeting, words.intro, words.ignore],
      action: { label: words.action, url },
      language,
    }),
    text: `${greeting}\n\n${words.intro}\n\n${url}\n\n${words.ignore}\n`,
  };
}
