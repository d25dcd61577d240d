import type { Language } from "../../common/languages";
import { layout, type RenderedEmail } from "../mail/templates";

/** What happened to her passkeys, for the notice she gets (ADR 0061). */
export type PasskeyChange =
  | { kind: "added"; name: string }
  | { kind: "removed"; name: string }
  /** An admin removed `count` passkeys (a lost device). */
  | { kind: "removedByAdmin"; count: number };

interface Words {
  subject: Record<PasskeyChange["kind"], string>;
  greeting: (name: string) => string;
  added: (passkey: string) => string;
  removed: (passkey: string) => string;
  removedByAdmin: (count: number) => string;
  notYou: Record<PasskeyChange["kind"], string>;
  action: string;
}

/** The passkey notices' words, per language (ADR 0025). */
const TEXTS: Record<Language, Words> = {
  en: {
    subject: {
      added: "A passkey was added to your AisleIQ account",
      removed: "A passkey was removed from your AisleIQ account",
      removedByAdmin: "An admin removed your AisleIQ passkeys",
    },
    greeting: (name) => `Hi ${name},`,
    added: (passkey) =>
      `A passkey named “${passkey}” was just added to your AisleIQ account. It can now sign you in.`,
    removed: (passkey) =>
      `The passkey named “${passkey}” was just removed from your AisleIQ account. It can no longer sign you in.`,
    removedByAdmin: (count) =>
      count === 1
        ? "An admin removed the passkey of your AisleIQ account. It can no longer sign you in. Sign in with an email link, and you can add a new passkey."
        : `An admin removed the ${count} passkeys of your AisleIQ account. They can no longer sign you in. Sign in with an email link, and you can add a new passkey.`,
    notYou: {
      added:
        "If you added it, there is nothing to do. If you did not, sign in with an email link, remove it from your dashboard, and tell your admin.",
      removed: "If you did not remove it, sign in, check your passkeys, and tell your admin.",
      removedByAdmin: "If you did not expect this, ask your company's admin or AisleIQ support.",
    },
    action: "Review your passkeys",
  },
  es: {
    subject: {
      added: "Se agregó una llave de acceso a su cuenta de AisleIQ",
      removed: "Se eliminó una llave de acceso de su cuenta de AisleIQ",
      removedByAdmin: "Un administrador eliminó sus llaves de acceso de AisleIQ",
    },
    greeting: (name) => `Hola, ${name}:`,
    added: (passkey) =>
      `Se acaba de agregar a su cuenta de AisleIQ una llave de acceso llamada “${passkey}”. Desde ahora puede iniciar su sesión.`,
    removed: (passkey) =>
      `Se acaba de eliminar de su cuenta de AisleIQ la llave de acceso llamada “${passkey}”. Ya no puede iniciar su sesión.`,
    removedByAdmin: (count) =>
      count === 1
        ? "Un administrador eliminó la llave de acceso de su cuenta de AisleIQ. Ya no puede iniciar su sesión. Entre con un enlace por correo y podrá agregar una nueva."
        : `Un administrador eliminó las ${count} llaves de acceso de su cuenta de AisleIQ. Ya no pueden iniciar su sesión. Entre con un enlace por correo y podrá agregar una nueva.`,
    notYou: {
      added:
        "Si usted la agregó, no tiene que hacer nada. Si no fue usted, entre con un enlace por correo, elimínela desde su panel y avise a su administrador.",
      removed: "Si usted no la eliminó, entre, revise sus llaves de acceso y avise a su administrador.",
      removedByAdmin:
        "Si no esperaba este cambio, pregunte al administrador de su empresa o al soporte de AisleIQ.",
    },
    action: "Revisar sus llaves de acceso",
  },
};

/**
 * The email a person gets when a passkey is added to or removed from her account (ADR 0061),
 * in her stored language (ADR 0025), with a button to her passkeys (`/dashboard#passkeys`), so
 * a passkey someone else added does not go unnoticed.
 */
export function passkeyChangeEmail(options: {
  change: PasskeyChange;
  fullName: string;
  publicUrl: string;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = TEXTS[language];
  const { change } = options;
  const what =
    change.kind === "added"
      ? words.added(change.name)
      : change.kind === "removed"
        ? words.removed(change.name)
        : words.removedByAdmin(change.count);
  const paragraphs = [words.greeting(options.fullName), what, words.notYou[change.kind]];
  const url = `${options.publicUrl}/dashboard#passkeys`;
  return {
    subject: words.subject[change.kind],
    html: layout({
      heading: words.subject[change.kind],
      paragraphs,
      action: { label: words.action, url },
      language,
    }),
    text: `${paragraphs.join("\n\n")}\n\n${words.action}: ${url}\n`,
  };
}
