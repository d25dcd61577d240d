import type { CheckStatus } from "../../common/api/background-checks";
import type { Language } from "../../common/languages";
import { layout, type RenderedEmail } from "../mail/templates";

/** A status change the applicant is told about (docs/product.md#12-account-records). */
export type DecisionChange = "approved" | "rejected" | "reopened";

/**
 * Which email a status change sends, if any (docs/product.md#12-account-records): a move to
 * Approved or Rejected (from any other status) is a decision; a move from a decision back to
 * Pending or In Review reopens it. Pending ↔ In Review, and a status set again as it was, send
 * nothing.
 */
export function decisionChange(from: CheckStatus, to: CheckStatus): DecisionChange | undefined {
  if (from === to) return undefined;
  if (to === "approved" || to === "rejected") return to;
  // Withdrawing a pending rejection reopens it too (ADR 0083); starting one sends the pre-adverse notice instead.
  if (to === "pre_adverse_action") return undefined;
  if (from === "approved" || from === "rejected" || from === "pre_adverse_action") return "reopened";
  return undefined;
}

interface DecisionWords {
  subject: Record<DecisionChange, string>;
  greeting: (name: string) => string;
  intro: Record<DecisionChange, string>;
  notesIntro: string;
  action: string;
}

/** The decision email's words, per language (ADR 0025). */
const TEXTS: Record<Language, DecisionWords> = {
  en: {
    subject: {
      approved: "Your AisleIQ background check was approved",
      rejected: "Your AisleIQ background check was not approved",
      reopened: "Your AisleIQ background check is under review again",
    },
    greeting: (name) => `Hi ${name},`,
    intro: {
      approved: "Good news: your background check has been reviewed and approved.",
      rejected: "Your background check has been reviewed and was not approved.",
      reopened:
        "The decision on your background check was withdrawn: it is being reviewed again. We will email you when it is decided.",
    },
    notesIntro: "The reviewer's notes:",
    action: "Open your dashboard",
  },
  es: {
    subject: {
      approved: "Su verificación de antecedentes en AisleIQ fue aprobada",
      rejected: "Su verificación de antecedentes en AisleIQ no fue aprobada",
      reopened: "Su verificación de antecedentes en AisleIQ está otra vez en revisión",
    },
    greeting: (name) => `Hola, ${name}:`,
    intro: {
      approved: "Buenas noticias: su verificación de antecedentes fue revisada y aprobada.",
      rejected: "Su verificación de antecedentes fue revisada y no fue aprobada.",
      reopened:
        "Se retiró la decisión sobre su verificación de antecedentes: se está revisando otra vez. Le escribiremos cuando se decida.",
    },
    notesIntro: "Las notas de quien la revisó:",
    action: "Abrir su panel",
  },
};

/**
 * The email an applicant gets when her check is decided or reopened
 * (docs/product.md#12-account-records): the new status, the reviewer's notes when there are any,
 * and a link to her dashboard (`${publicUrl}/dashboard`), in her stored language (ADR 0025;
 * English when not given). Every value is escaped by the shared layout.
 */
export function decisionEmail(options: {
  publicUrl: string;
  change: DecisionChange;
  fullName: string;
  notes: string | null;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = TEXTS[language];
  const url = `${options.publicUrl}/dashboard`;
  const paragraphs = [words.greeting(options.fullName), words.intro[options.change]];
  if (options.notes) paragraphs.push(words.notesIntro, options.notes);
  return {
    subject: words.subject[options.change],
    language,
    html: layout({
      title: words.subject[options.change],
      heading: words.subject[options.change],
      paragraphs,
      action: { label: words.action, url },
      language,
    }),
    text: `${paragraphs.join("\n\n")}\n\n${words.action}: ${url}\n`,
  };
}
