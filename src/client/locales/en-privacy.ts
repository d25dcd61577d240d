/**
 * The privacy notice of the public forms (docs/product.md#11-lead-attribution-and-privacy-notice):
 * what the Get Started form and the store-demo registration collect, why, who receives it, how
 * long it is kept and whom to ask. The `/privacy` page (and `/es/privacy`) renders these keys in
 * order; the forms link to it (their own sentence about the data is in their catalogs:
 * `landing.getStarted.privacyNote`, `retailerDemo.privacyNote`). Changing what a paragraph promises means publishing a new notice
 * version (`PRIVACY_NOTICE_VERSIONS` in src/common/privacy.ts). `{{email}}` is
 * `PRIVACY_CONTACT_EMAIL`, `{{version}}` the version shown.
 */
export const enPrivacy = {
  title: "Privacy notice",
  metaDescription:
    "What AisleIQ does with the details you send through the Get Started form and the store-demo registration.",
  version: "Version of {{version}}",
  intro:
    "This notice covers the two forms on this website: Get Started and the store-demo registration. It says what we collect, why, who receives it, how long we keep it and how to reach us. We do not sell your details, and this website runs no advertising or analytics trackers. The jobs board, the meeting calendar and the product video come from other companies and load only when you open them; they then receive your IP address under their own privacy notices.",
  collectTitle: "What we collect",
  collectLead:
    "Get Started: your first and last name, your company, your phone number, your work email, the plan you chose and the language of the page.",
  collectDemo:
    "Store-demo registration: your first and last name, your company email, your phone number, that you accepted the terms, when you submitted the form and the language of the page. If the form cannot reach us at once, your browser keeps the registration until it has been sent.",
  collectVisit:
    "With a Get Started request we also keep where your visit came from: the campaign labels of the link you followed (the utm_source, utm_medium, utm_campaign, utm_term and utm_content parameters), the address of the page that sent you here (without its query string) and the first page you opened on this website. Your browser holds these in session storage for that visit only; they are deleted when you close the tab.",
  collectNotice: "With each request we record which version of this notice the form showed you.",
  collectLogs:
    "Our servers log each request's time, page and outcome, for security and troubleshooting; the company that hosts them may also log your IP address. To stop abuse we count requests per IP address, for at most one day.",
  whyTitle: "Why",
  whyLead: "To answer your Get Started request: to contact you about AisleIQ and set up your account.",
  whyDemo:
    "To give you access to the store-demo app: to arrange the app's provisioning and email you the login QR code.",
  whyVisit: "To learn which of our campaigns and pages bring requests, so we can improve them.",
  whyEmail: "To send you an email confirming we received your request.",
  whoTitle: "Who receives it",
  whoTeam:
    "Our sales team receives each Get Started request, and our demo team each store-demo registration, by email.",
  whoCrm: "We may send each request to the customer-relationship system our sales team uses.",
  whoProviders:
    "The companies that host our servers and deliver our email process your details on our behalf, only to provide those services.",
  whoNobodyElse: "Nobody else. We do not sell or rent your details.",
  retentionTitle: "How long we keep it",
  retention:
    "We keep a request while we are talking with you or your company about AisleIQ. We review stored requests at least once a year and delete the ones we no longer need. You can ask us to delete yours at any time.",
  retentionLogs: "Server logs are kept for a short time and then deleted.",
  contactTitle: "Your choices and how to reach us",
  contact:
    "To see, correct or delete what we hold about you, or to ask anything about this notice, email {{email}}. We answer within 30 days.",
} as const;
