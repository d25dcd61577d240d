import { z } from "zod";
import { emailField } from "./auth";
import { safeText } from "./fields";

/** Contracts of the companies API (docs/product.md#3-records, #7-api). */

const optionalText = (max: number, tooLong: string, multiline = false) =>
  safeText({ max, tooLong, multiline })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** `POST /api/companies`: name and email required; phone and address optional. */
export const createCompanyBodySchema = z.object({
  name: safeText({
    max: 200,
    tooLong: "Company name is too long",
    required: "Company name is required",
  }).min(1, "Company name is required"),
  email: emailField,
  phone: optionalText(40, "Phone is too long"),
  address: optionalText(500, "Address is too long", true),
});
export type CreateCompanyInput = z.input<typeof createCompanyBodySchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListResponseSchema = z.array(companySchema);

/** The four admin dashboard cards (docs/product.md#2-pages), computed by the server, scoped for company admins. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  companies: z.number().int(),
  pendingChecks: z.number().int(),
  approved: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
