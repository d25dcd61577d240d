import type { LeadRequest, leadCreatedResponseSchema } from "@common/api/leads";
import type { z } from "zod";
import { apiRequest } from "~/lib/api";

/**
 * `POST /api/send-get-started-email` (docs/product.md#7-api): stores a Get Started lead, which the server then
 * emails to sales and to the visitor. A plain request, without TanStack Query: the dialog opens
 * on public pages that do not load it (first-load budget, ADR 0008).
 * @param lead the form's fields, trimmed, with the chosen plan and the honeypot `website`
 * @returns the new lead's id
 * @throws ApiError when the server refuses the lead; TypeError when the request fails
 */
export function sendGetStartedEmail(lead: LeadRequest): Promise<z.infer<typeof leadCreatedResponseSchema>> {
  return apiRequest("POST", "/api/send-get-started-email", lead);
}
