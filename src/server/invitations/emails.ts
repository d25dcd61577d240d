import { INVITATION_TTL_MS } from "../../common/limits";
import { layout, type RenderedEmail } from "../mail/templates";

const ROLE_NAMES = { admin: "an Admin", company_admin: "a Company Admin", user: "a User" } as const;

/**
 * The invitation email (issue #3): links to `${publicUrl}/accept-invitation/<token>` and states
 * that the link expires in 7 days ({@link INVITATION_TTL_MS}) and works once.
 */
export function invitationEmail(options: {
  publicUrl: string;
  token: string;
  inviterName: string;
  role: keyof typeof ROLE_NAMES;
  companyName: string | null;
}): RenderedEmail {
  const url = `${options.publicUrl}/accept-invitation/${options.token}`;
  const days = Math.round(INVITATION_TTL_MS / (24 * 60 * 60 * 1000));
  const where = options.companyName ? ` for ${options.companyName}` : "";
  const intro = `${options.inviterName} invited you to join AisleIQ${where} as ${ROLE_NAMES[options.role]}.`;
  const expiry = `Use the link below to create your account. It expires in ${days} days and works once.`;
  const ignore = "If you were not expecting this invitation, you can ignore this email.";
  return {
    subject: "You're invited to AisleIQ",
    html: layout({
      heading: "You're invited to AisleIQ",
      paragraphs: [intro, expiry, ignore],
      action: { label: "Create Account", url },
    }),
    text: `${intro}\n\n${expiry}\n\n${url}\n\n${ignore}\n`,
  };
}
