import type { LeadRequest } from "../../common/api/leads";
import { inboxUrl } from "../../common/inbox-search";
import type { Language } from "../../common/languages";
import { layout, type RenderedEmail } from "../mail/templates";

type LeadDetails = Pick<LeadRequest, "firstName" | "lastName" | "company" | "phone" | "email" | "planTitle">;

/**
 * The notice to SALES_EMAIL about a new Get Started lead (docs/product.md#7-api): every field the visitor
 * entered and the chosen plan, in English (the team's language). Replies go to the visitor
 * (`Reply-To`, the validated address), and a button opens the admin's Leads inbox searched for
 * that address (ADR 0056). Values are HTML-escaped by {@link layout}.
 * @param id the stored lead's id, so sales can find it in the admin's Leads section
 * @param publicUrl PUBLIC_URL, the base of the link
 */
export function leadNoticeEmail(lead: LeadDetails, id: number, publicUrl: string): RenderedEmail {
  const name = `${lead.firstName} ${lead.lastName}`;
  const heading = `New Get Started request: ${lead.planTitle} plan`;
  const lines = [
    `Name: ${name}`,
    `Company: ${lead.company}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone}`,
    `Plan: ${lead.planTitle}`,
    `Lead ID: ${id}`,
  ];
  const next =
    "Reach out to set up their account: reply to this email to write to them. The lead is also listed in the admin dashboard under Leads.";
  const subject = `New lead: ${name} (${lead.company}), ${lead.planTitle} plan`;
  const url = inboxUrl(publicUrl, "leads", lead.email);
  const label = "Open in Leads";
  return {
    subject,
    html: layout({ title: subject, heading, paragraphs: [...lines, next], action: { label, url } }),
    text: `${heading}\n\n${lines.join("\n")}\n\n${next}\n\n${label}: ${url}\n`,
    language: "en",
    replyTo: lead.email,
  };
}

interface ConfirmationWords {
  subject: string;
  heading: string;
  greeting: (firstName: string) => string;
  congratulations: string;
  reachOut: string;
  request: (company: string, plan: string) => string;
  ignore: string;
}

/** The visitor's confirmation, per language (ADR 0025); the Spanish lines are the Thank You view's. */
const CONFIRMATION_TEXTS: Record<Language, ConfirmationWords> = {
  en: {
    subject: "Thank you for choosing AisleIQ",
    heading: "Thank You!",
    greeting: (firstName) => `Hi ${firstName},`,
    congratulations: "Congratulations you are on the way to the future of retail!",
    reachOut: "We will reach out shortly to set up your account.",
    request: (company, plan) => `You asked us to get ${company} started on the ${plan} plan.`,
    ignore: "If you did not make this request, you can ignore this email.",
  },
  es: {
    subject: "Gracias por elegir AisleIQ",
    heading: "¡Gracias!",
    greeting: (firstName) => `Hola, ${firstName}:`,
    congratulations: "¡Felicitaciones! Ya va camino al futuro del retail.",
    reachOut: "Nos comunicaremos con usted muy pronto para configurar su cuenta.",
    request: (company, plan) => `Nos pidió poner en marcha el plan ${plan} para ${company}.`,
    ignore: "Si usted no hizo esta solicitud, puede ignorar este correo.",
  },
};

/**
 * The confirmation to the visitor, in the words of the Thank You view (docs/product.md#4-states):
 * 'Congratulations you are on the way to the future of retail!' and
 * 'We will reach out shortly to set up your account.' Written in the language the visitor used
 * the form in (ADR 0025; English when not given).
 */
export function leadConfirmationEmail(lead: LeadDetails, language: Language = "en"): RenderedEmail {
  const words = CONFIRMATION_TEXTS[language];
  const heading = words.heading;
  const paragraphs = [
    words.greeting(lead.firstName),
    words.congratulations,
    words.reachOut,
    words.request(lead.company, lead.planTitle),
    words.ignore,
  ];
  return {
    subject: words.subject,
    language,
    html: layout({ title: words.subject, heading, paragraphs, language }),
    text: `${heading}\n\n${paragraphs.join("\n\n")}\n`,
  };
}
