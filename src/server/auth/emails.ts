import { layout, type RenderedEmail } from "../mail/templates";

/**
 * The sign-in email (issue #2): links to `${publicUrl}/verify/<token>` and says the link
 * expires in 15 minutes (docs/product.md#2-pages "Check Your Email", §9).
 */
export function magicLinkEmail(options: {
  publicUrl: string;
  token: string;
  fullName: string;
}): RenderedEmail {
  const url = `${options.publicUrl}/verify/${options.token}`;
  const greeting = `Hi ${options.fullName},`;
  const intro = "Use the secure link below to sign in to AisleIQ. It expires in 15 minutes and works once.";
  const ignore =
    "If you did not ask to sign in, you can ignore this email; nobody can sign in without the link.";
  return {
    subject: "Your AisleIQ sign-in link",
    html: layout({
      heading: "Sign in to AisleIQ",
      paragraphs: [greeting, intro, ignore],
      action: { label: "Sign in", url },
    }),
    text: `${greeting}\n\n${intro}\n\n${url}\n\n${ignore}\n`,
  };
}
