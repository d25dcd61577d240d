/**
 * English strings of the retailer store-demo registration page (docs/product.md#2-pages, #5-validation, #8-messages; ADR 0006).
 * The product's fixed texts appear word for word; `{{store}}`, `{{retailer}}` and `{{domain}}` come from the
 * demo's configuration (src/common/retailer-demos.ts).
 */
export const enRetailerDemo = {
  metaTitle: "{{store}} Store Demo Registration",
  metaDescription: "Register for the {{retailer}} {{store}} store demo of the AisleIQ app.",
  partners: "Partners",
  title: "{{store}} Store Demo APP Registration",
  intro:
    "Authorized {{retailer}} staff can try the AisleIQ store app at the {{store}} store. Register below to get started.",
  stepsTitle: "How it works",
  steps: {
    one: "Enter the required information.",
    two: "Scan the QR code to download the app.",
    three: "Await Apple and Google geofence developer provisioning.",
    four: "Scan the QR code in your email with the app to get your login credentials.",
    five: "Visit the store.",
  },
  formTitle: "Your details",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  emailHint: "Must be a company email address (@{{domain}}).",
  phone: "Phone",
  acceptPrefix: "I accept the",
  privacyNote: "We use these details to set up your store-demo access.",
  privacyLink: "Privacy notice",
  acceptLink: "Terms of Service, Non-Disclosure Agreement, and Privacy Policy",
  submit: "Submit Registration",
  submitting: "Processing...",
  /** Under the form when its code could not load before it was sent (src/site/directives/interaction.ts). */
  islandLoad: {
    offline:
      "You seem to be offline. Your registration will be sent as soon as the connection is back: please keep this page open.",
    unreachable:
      "Your registration could not be sent yet. Please press Submit Registration again in a moment.",
  },
  thankYouTitle: "Thank You!",
  thankYouMessage:
    "Your registration has been received. Once Apple and Google geofence developer provisioning is complete, you will receive an email with a login QR code.",
  thankYouNext: "In the meantime, download the app:",
  android: "Android",
  ios: "iOS",
  scanToDownload: "Scan to download",
  qrAlt: "QR code linking to the {{platform}} app download page",
  openLink: "Open the {{platform}} download page",
  pendingNotice:
    "Connection Issue: Your information has been captured. We'll retry sending when connection is restored.",
  /** The form's own checks, in the order of docs/product.md#5-validation and #8-messages: the texts of REGISTRATION_FAILURES, word for word. */
  validation: {
    required: { title: "All fields are required", message: "Please fill in all the fields to continue." },
    email: { title: "Invalid email", message: "Email must end with the company domain." },
    phone: { title: "Invalid phone number", message: "Please enter a valid phone number." },
    terms: {
      title: "Terms not accepted",
      message: "Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.",
    },
  },
  errors: {
    title: "Registration Error",
    server: "Server error",
    generic: "Unable to complete your registration. Please try again later.",
    timeout: "Request timed out. Please try again.",
    connectionTitle: "Connection Issue",
    connection: "Your information has been captured. We'll retry sending when connection is restored.",
    sentTitle: "Registration sent",
    sent: "Your saved registration has reached us.",
  },
  admin: {
    title: "Demo Registrations",
    description: "Staff who registered for a retailer store demo.",
    searchLabel: "Search registrations",
    searchPlaceholder: "Name, email or phone",
    exportCsv: "Export CSV",
    refresh: "Refresh",
    name: "Name",
    email: "Email",
    phone: "Phone",
    retailer: "Demo",
    registered: "Registered",
    empty: "No demo registrations yet",
    noMatches: "No registrations match your search",
    loadFailed: "Could not load demo registrations.",
    truncated: "Showing the newest {{count}}. Export CSV for all of them.",
    count_one: "{{count}} registration",
    count_other: "{{count}} registrations",
  },
  terms: {
    title: "Terms of Service, Non-Disclosure Agreement, and Privacy Policy",
    description: "Effective 04/01/2025. Please read these terms before you register for the store demo.",
    agree: "I Agree",
    close: "Close",
    tosTitle: "Terms of Service",
    tos1: 'These terms govern your participation in the {{retailer}} {{store}} store demo of the AisleIQ app (the "Demo"). By registering you agree to them.',
    tos2: "The Demo is offered only to authorized {{retailer}} staff for the purpose of evaluating the app. You must register with your company email address and keep your login credentials to yourself.",
    tos3: "The app is a pre-release version provided as is, without warranties of any kind. Features may change or stop working during the evaluation. Do not rely on the app for store operations.",
    tos4: "We may end the Demo or your access at any time. You may stop taking part at any time by uninstalling the app and telling your {{retailer}} contact.",
    ndaTitle: "Non-Disclosure Agreement",
    nda1: "The app, its features, screens, performance and any information you learn about them during the Demo are confidential.",
    nda2: "You agree not to share screenshots, recordings or descriptions of the app with anyone outside {{retailer}} and AisleIQ, and not to copy, reverse engineer or publish any part of it.",
    nda3: "These confidentiality duties continue after the Demo ends, until the information is made public by AisleIQ.",
    privacyTitle: "Privacy Policy",
    privacy1:
      "While you use the app during the Demo we collect: device identifiers; your location, only while you are inside the geofenced areas of the store; app interaction logs; and network and API usage.",
    privacy2:
      "We use this data only to run and evaluate the Demo, for example to check indoor positioning accuracy and app performance. We do not sell it and do not use it for advertising.",
    privacy3:
      "The data collected during the Demo is owned by {{retailer}}. AisleIQ processes it on {{retailer}}'s behalf.",
    privacy4: "The data is retained only for the duration of the evaluation and deleted when it ends.",
    privacy5:
      "Your registration details (name, company email and phone) are used to provision your device and to send you your login QR code. Questions about your data can go to your {{retailer}} contact.",
  },
} as const;
