import type { LeadRequest } from "../../common/api/leads";
import { layout, type RenderedEmail } from "../mail/templates";

type LeadDetails = Pick<LeadRequest, "firstName" | "lastName" | "company" | "phone" | "email" | "planTitle">;

/**
 * The notice to SALES_EMAIL about a new Get Started lead (issue #4): every field the visitor
 * entered and the chosen plan. Values are HTML-escaped by {@link layout}.
 * @param id the stored lead's id, so sales can find it in the admin's Leads section
 */
export function leadNoticeEmail(lead: LeadDetails, id: number): RenderedEmail {
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
    "Reach out to set up their account. The lead is also listed in the admin dashboard under Leads.";
  return {
    subject: `New lead: ${name} (${lead.company}), ${lead.planTitle} plan`,
    html: layout({ heading, paragraphs: [...lines, next] }),
    text: `${heading}\n\n${lines.join("\n")}\n\n${next}\n`,
  };
}

/**
 * The confirmation to the visitor, in the words of the Thank You view (docs/product.md#4-states):
 * 'Congratulations you are on the way to the future of retail!' and
 * 'We will reach out shortly to set up your account.'
 */
export function leadConfirmationEmail(lead: LeadDetails): RenderedEmail {
  const heading = "Thank You!";
  const paragraphs = [
    `Hi ${lead.firstName},`,
    "Congratulations you are on the way to the future of retail!",
    "We will reach out shortly to set up your account.",
    `You asked us to get ${lead.company} started on the ${lead.planTitle} plan.`,
    "If you did not make this request, you can ignore this email.",
  ];
  return {
    subject: "Thank you for choosing AisleIQ",
    html: layout({ heading, paragraphs }),
    text: `${heading}\n\n${paragraphs.join("\n\n")}\n`,
  };
}
