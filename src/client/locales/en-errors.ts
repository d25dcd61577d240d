/**
 * English messages of the server's error codes (ADR 0026): one key per
 * registry entry's `message` (src/common/api/errors.ts). Where a code always comes with one
 * server text, the message here is that text word for word, so English pages read as before;
 * codes marked `detail` keep showing the server's more specific English text, and these general
 * messages are what translations are made from. Registered by lib/api.ts.
 */
export const enErrors = {
  validation: "Please check the information you entered and try again.",
  badRequest: "The request could not be understood.",
  methodNotAllowed: "This action is not available.",
  notAcceptable: "The server cannot answer in a format this page understands.",
  conflict: "This change conflicts with the current data. Refresh the page and try again.",
  gone: "This item is no longer available.",
  payloadTooLarge: "What you sent is too large.",
  unsupportedMediaType: "This kind of content is not accepted.",
  requestTimeout: "The request took too long to arrive.",
  uriTooLong: "The request URL is too long.",
  headersTooLarge: "The request headers are too large.",
  crossOrigin: "Cross-origin requests are not allowed.",
  rateLimited: "Too many requests. Please wait a few minutes and try again.",
  notFound: "We couldn't find what you were looking for.",
  internal: "Something went wrong on our side. Please try again.",
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a few seconds.",
  notReady: "Database unreachable",
  unauthenticated: "Please sign in to continue.",
  forbidden: "You don't have permission to do that.",
  setupRequired: "No admin account exists yet. Create the first one.",
  adminExists: "An admin account already exists. Please sign in.",
  initialAdminEmailOnly: "This address may not create the first admin account.",
  emailTaken: "An account with this email already exists.",
  tokenInvalid: "This link is not valid. Request a new one.",
  tokenExpired: "This link has expired. Request a new one.",
  tokenUsed: "This link has already been used. Request a new one.",
  accountInactive: "This account is disabled.",
  accountDeactivated:
    "Your account has been deactivated. To use AisleIQ again, ask your company's admin or AisleIQ support to reactivate it.",
  selfReviewForbidden: "You can't review your own background check. Another reviewer has to decide it.",
  selfManagementForbidden: "You can't change, deactivate or delete your own account. Ask another admin.",
  signInCodeInvalid:
    "That code is not right. Check the newest sign-in email, and type its code in the browser where you asked for it.",
  signInCodeUsed:
    "This code was already used: it or its email's link has signed in. If that was not you, ask for a new email.",
  signInCodeExhausted:
    "Too many wrong tries: this code no longer works. Use the link in the email, or ask for a new email.",
  passkeyFailed: "That passkey could not sign you in. Try again, or sign in with an email link.",
  passkeyRegistrationFailed: "The passkey could not be added. Please try again.",
  passkeyLimit: "This account has as many passkeys as it can hold. Remove one first.",
  incorrectPassword: "Incorrect password. Please try again.",
  gateLocked: "Enter the password to see this section.",
  invitationRevoked: "This invitation was withdrawn.",
  invitationAccepted: "This invitation has already been accepted.",
  invitationPendingElsewhere:
    "This address already has a pending invitation that you can't manage. It has to be accepted, withdrawn or expire first.",
  invitationCompanyConflict: "A pending invitation to this address is for another company.",
  companyNotFound: "That company does not exist.",
  companyRequired: "Choose the company this Company Admin will manage.",
  companyEmailTaken: "A company with this email already exists.",
  fieldsRequired: "Please fill in all the fields to continue.",
  invalidEmailDomain: "Email must end with the company domain.",
  invalidPhone: "Please enter a valid phone number.",
  termsNotAccepted: "Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.",
  idempotencyKeyReused: "This registration ID belongs to a different registration.",
  unsupportedFileType: "A file is not a supported type. Use PDF, JPEG, PNG, GIF, DOC or DOCX.",
  fileTooLarge: "A file is larger than the size limit.",
  /** The same two with the file's name (the error body's `file`). */
  unsupportedFileTypeNamed: "{{file}} is not a supported file type. Use PDF, JPEG, PNG, GIF, DOC or DOCX.",
  fileTooLargeNamed: "{{file}} is larger than the size limit.",
  tooManyFiles: "Too many files. Remove some and try again.",
  filesRequired: "Please upload at least one document for your background check",
  multipartRequired: "Send the form as multipart/form-data.",
  emptyFile: "A file is empty.",
  tooManyParts: "The form has too many fields.",
  fieldTooLarge: "A field is too long.",
  malformedMultipart: "The upload was incomplete or malformed. Please try again.",
  uploadTimeout: "The upload stalled. Please try again.",
  storageUnavailable: "We could not store your documents right now. Please try again in a minute.",
  fileUnavailable: "This document cannot be opened right now. Please try again in a minute.",
} as const;
