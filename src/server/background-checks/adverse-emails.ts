import { intlLocale, type Language } from "../../common/languages";
import { SITE_CONFIG } from "../../common/site-config";
import { layout, type RenderedEmail } from "../mail/templates";

/**
 * The emails of the signed consent and the two-step adverse action (ADR 0083, ADR 0084), in
 * the person's language (ADR 0025). Every value is escaped by the shared layout.
 */

interface Words {
  receipt: { subject: string; intro: string; attached: string };
  preAdverse: {
    subject: string;
    intro: string;
    notesIntro: string;
    rights: string;
    final: (date: string) => string;
    answer: string;
    action: string;
  };
  final: { subject: string; intro: string; notesIntro: string; rights: string; action: string };
  greeting: (name: string) => string;
}

const TEXTS: Record<Language, Words> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    receipt: {
      subject: "Your signed background check authorization",
      intro:
        "Thank you: we received your background check documents and your signed disclosure and authorization.",
      attached:
        "Your signed authorization is attached to this email as a PDF. Please keep it for your records.",
    },
    preAdverse: {
      subject: "Pre-adverse action notice about your AisleIQ background check",
      intro:
        "A reviewer intends to reject your background check, based in whole or in part on the information you provided. This decision is not final yet.",
      notesIntro: "The reviewer's reasons:",
      rights:
        'You have rights under the Fair Credit Reporting Act. Read "A Summary of Your Rights Under the Fair Credit Reporting Act":',
      final: (date) => `Unless you answer, the decision becomes final on ${date}.`,
      answer:
        "If anything is wrong or incomplete, answer from your dashboard before then: write a statement and attach up to 5 documents. A reviewer must read your answer before deciding.",
      action: "Answer from your dashboard",
    },
    final: {
      subject: "Final notice: your AisleIQ background check was not approved",
      intro: "The decision on your background check is now final: it was not approved.",
      notesIntro: "The reviewer's reasons:",
      rights:
        'You have rights under the Fair Credit Reporting Act, including the right to dispute the accuracy or completeness of the information with the agency that provided it. Read "A Summary of Your Rights Under the Fair Credit Reporting Act":',
      action: "Open your dashboard",
    },
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    receipt: {
      subject: "Su autorización firmada para la verificación de antecedentes",
      intro:
        "Gracias: recibimos los documentos de su verificación de antecedentes y su divulgación y autorización firmadas.",
      attached: "Su autorización firmada va adjunta a este correo en PDF. Guárdela para sus registros.",
    },
    preAdverse: {
      subject: "Aviso previo a una acción adversa sobre su verificación de antecedentes en AisleIQ",
      intro:
        "Quien revisa su verificación de antecedentes tiene la intención de rechazarla, basándose total o parcialmente en la información que usted entregó. Esta decisión aún no es definitiva.",
      notesIntro: "Los motivos de quien la revisó:",
      rights:
        'Usted tiene derechos según la Ley de Informe Justo de Crédito (Fair Credit Reporting Act). Lea el resumen oficial de sus derechos ("A Summary of Your Rights Under the Fair Credit Reporting Act"):',
      final: (date) => `Si usted no responde, la decisión será definitiva el ${date}.`,
      answer:
        "Si algo es incorrecto o está incompleto, responda desde su panel antes de esa fecha: escriba una declaración y adjunte hasta 5 documentos. Quien revisa debe leer su respuesta antes de decidir.",
      action: "Responder desde su panel",
    },
    final: {
      subject: "Aviso final: su verificación de antecedentes en AisleIQ no fue aprobada",
      intro: "La decisión sobre su verificación de antecedentes ya es definitiva: no fue aprobada.",
      notesIntro: "Los motivos de quien la revisó:",
      rights:
        'Usted tiene derechos según la Ley de Informe Justo de Crédito, entre ellos el de disputar la exactitud o la integridad de la información ante la agencia que la entregó. Lea el resumen oficial de sus derechos ("A Summary of Your Rights Under the Fair Credit Reporting Act"):',
      action: "Abrir su panel",
    },
  },
};

function render(
  language: Language,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): RenderedEmail {
  return {
    subject,
    language,
    html: layout({ title: subject, heading: subject, paragraphs, action, language }),
    text: `${paragraphs.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
  };
}

/** A date as the person reads it: weekday, day, month and year in her language (UTC). */
export function formatNoticeDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(date);
}

interface Recipient {
  publicUrl: string;
  fullName: string;
  language: Language;
}

/** The email carrying her signed authorization receipt (ADR 0084); the PDF rides as attachment. */
export function receiptEmail(options: Recipient): RenderedEmail {
  const words = TEXTS[options.language];
  return render(
    options.language,
    words.receipt.subject,
    [words.greeting(options.fullName), words.receipt.intro, words.receipt.attached],
    { label: words.final.action, url: `${options.publicUrl}/dashboard` },
  );
}

/**
 * The pre-adverse action notice (ADR 0083): the reviewer's notes, the CFPB summary of rights
 * (SITE_CONFIG.fcraRightsSummaryUrl), the date the decision becomes final, and how to answer.
 */
export function preAdverseEmail(options: Recipient & { notes: string | null; finalAt: Date }): RenderedEmail {
  const words = TEXTS[options.language].preAdverse;
  const paragraphs = [TEXTS[options.language].greeting(options.fullName), words.intro];
  if (options.notes) paragraphs.push(words.notesIntro, options.notes);
  paragraphs.push(
    words.rights,
    SITE_CONFIG.fcraRightsSummaryUrl,
    words.final(formatNoticeDate(options.finalAt, options.language)),
    words.answer,
  );
  return render(options.language, words.subject, paragraphs, {
    label: words.action,
    url: `${options.publicUrl}/dashboard`,
  });
}

/** The final adverse action notice (ADR 0083), sent once when the rejection becomes final. */
export function finalNoticeEmail(options: Recipient & { notes: string | null }): RenderedEmail {
  const words = TEXTS[options.language].final;
  const paragraphs = [TEXTS[options.language].greeting(options.fullName), words.intro];
  if (options.notes) paragraphs.push(words.notesIntro, options.notes);
  paragraphs.push(words.rights, SITE_CONFIG.fcraRightsSummaryUrl);
  return render(options.language, words.subject, paragraphs, {
    label: words.action,
    url: `${options.publicUrl}/dashboard`,
  });
}

const DISPUTE_TEXTS: Record<
  Language,
  { subject: (name: string) => string; intro: (name: string) => string; action: string }
> = {
  en: {
    subject: (name) => `${name} disputed a pending rejection`,
    intro: (name) =>
      `${name} answered the pre-adverse action notice about their background check. The check stays pending until a reviewer reads the answer and either withdraws the adverse action or confirms it.`,
    action: "Open the reviews",
  },
  es: {
    subject: (name) => `${name} disputó un rechazo pendiente`,
    intro: (name) =>
      `${name} respondió al aviso previo a la acción adversa de su verificación de antecedentes. La verificación queda en espera hasta que alguien de revisión lea la respuesta y retire la acción adversa o la confirme.`,
    action: "Abrir las revisiones",
  },
};

/** The email telling a check's reviewers the person disputed its pending rejection (ADR 0083). */
export function disputeFiledEmail(options: Recipient & { applicantName: string }): RenderedEmail {
  const words = DISPUTE_TEXTS[options.language];
  return render(
    options.language,
    words.subject(options.applicantName),
    [TEXTS[options.language].greeting(options.fullName), words.intro(options.applicantName)],
    { label: words.action, url: `${options.publicUrl}/admin/dashboard` },
  );
}
