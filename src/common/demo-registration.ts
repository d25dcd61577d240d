import { z } from "zod";
import type { ErrorCode } from "./api/errors";
import {
  cleanRegistration,
  firstRegistrationFailure,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  REGISTRATION_FAILURES,
  type RegistrationFields,
} from "./demo-registration-rules";
import { EMAIL_MAX_LENGTH } from "./validation";

/**
 * Store-demo registration validation (docs/product.md#5-validation "Demo registration", #8-messages, #9-constants), shared by the registration
 * page and the server so both reject the same input with the same words. The rules and their texts live
 * in `demo-registration-rules.ts` (no zod), re-exported here.
 */
export * from "./demo-registration-rules";

/**
 * The shared zod schema of the registration form for one company domain. Invalid input yields
 * exactly one issue: the first failing rule, whose `message` is the catalog's description and whose
 * `params` carry `{ code, title }` for the toast. Valid input is trimmed and the email
 * lower-cased. Names longer than {@link NAME_MAX_LENGTH} fail as a required-fields error.
 */
export function registrationFieldsSchema(domain: string) {
  return z
    .object({
      firstName: z.string().max(NAME_MAX_LENGTH, REGISTRATION_FAILURES.required.message),
      lastName: z.string().max(NAME_MAX_LENGTH, REGISTRATION_FAILURES.required.message),
      email: z.string().max(EMAIL_MAX_LENGTH, REGISTRATION_FAILURES.email.message),
      phone: z.string().max(PHONE_MAX_LENGTH, REGISTRATION_FAILURES.phone.message),
      acceptTerms: z.boolean(),
    })
    .superRefine((fields, ctx) => {
      const failure = firstRegistrationFailure(fields, domain);
      if (failure) {
        ctx.addIssue({
          code: "custom",
          message: failure.message,
          params: { code: failure.code, title: failure.title },
        });
      }
    })
    .transform(cleanRegistration);
}

/**
 * Runs {@link registrationFieldsSchema} and reduces its result to what a form or a route needs.
 * @returns the cleaned fields, or the failure to show (title, message, machine code)
 */
export function validateRegistration(
  fields: RegistrationFields,
  domain: string,
):
  | { ok: true; value: RegistrationFields }
  | { ok: false; failure: { code: ErrorCode; title: string; message: string } } {
  const result = registrationFieldsSchema(domain).safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const params = (issue && "params" in issue ? issue.params : undefined) as
    | { code?: string; title?: string }
    | undefined;
  const failure =
    Object.values(REGISTRATION_FAILURES).find(
      (item) => item.code === params?.code || item.message === issue?.message,
    ) ?? REGISTRATION_FAILURES.required;
  return { ok: false, failure: { code: failure.code, title: failure.title, message: failure.message } };
}
