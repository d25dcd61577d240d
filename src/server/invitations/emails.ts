import type { Language } from "../../common/languages";
import { INVITATION_TTL_MS } from "../../common/limits";
import type { Role } from "../../common/roles";
import { layout, type RenderedEmail } from "../mail/templates";

interface InvitationWords {
  subject: string;
  /** The invitation sentence; `company` is null when the invitation names none. */
  intro: (inviter: string, company: string | null, role: Role) => string;
  expiry: (days: number) => string;
  ignore: string;
  action: string;
}

/** The invitation email's words, per language (ADR 0025). */
const TEXTS: Record<Language, InvitationWords> = {
  en: {
    subject: "You're invited to AisleIQ",
    intro: (inviter, company, role) => {
      const roleName = { admin: "an Admin", company_admin: "a Company Admin", user: "a User" }[role];
      return `${inviter} invited you to join AisleIQ${company ? ` for ${company}` : ""} as ${roleName}.`;
    },
    expiry: (days) => `Use the link below to create your account. It expires in ${days} days and works once.`,
    ignore: "If you were not expecting this invitation, you can ignore this email.",
    action: "Create Account",
  },
  es: {
    subject: "Tiene una invitación a AisleIQ",
    intro: (inviter, company, role) => {
      // A role inside a sentence is a common noun in Spanish: lower case.
      const roleName = { admin: "administrador", company_admin: "administrador de empresa", user: "usuario" }[
        role
      ];
      return `${inviter} le envió una invitación para unirse a AisleIQ${company ? ` en ${company}` : ""} con el rol de ${roleName}.`;
    },
    expiry: (days) =>
      `Use el enlace de abajo para crear su cuenta. Vence en ${days} días y sirve una sola vez.`,
    ignore: "Si no esperaba esta invitación, puede ignorar este correo.",
    action: "Crear cuenta",
  },
};

/**
 * The invitation email: links to `${publicUrl}/accept-invitation/<token>` and states
 * that the link expires in 7 days ({@link INVITATION_TTL_MS}) and works once, in the
 * invitation's language (ADR 0025; English when not given).
 */
export function invitationEmail(options: {
  publicUrl: string;
  token: string;
  inviterName: string;
  role: Role;
  companyName: string | null;
  language?: Language;
}): RenderedEmail {
  const language = options.language ?? "en";
  const words = TEXTS[language];
  const url = `${options.publicUrl}/accept-invitation/${options.token}`;
  const days = Math.round(INVITATION_TTL_MS / (24 * 60 * 60 * 1000));
  const intro = words.intro(options.inviterName, options.companyName, options.role);
  const expiry = words.expiry(days);
  return {
    subject: words.subject,
    language,
    html: layout({
      title: words.subject,
      heading: words.subject,
      paragraphs: [intro, expiry, words.ignore],
      action: { label: words.action, url },
      language,
    }),
    text: `${intro}\n\n${expiry}\n\n${url}\n\n${words.ignore}\n`,
  };
}
