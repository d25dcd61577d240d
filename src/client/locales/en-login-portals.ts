/**
 * English strings of the five login portal pages (docs/product.md#2-pages "Login portal pages"). The submit
 * texts are the product's own, word for word (docs/product.md#10-ground-rules).
 */
export const enLoginPortals = {
  api: {
    title: "API Portal",
    description: "Sign in to manage API keys, usage and webhooks for your AisleIQ integration.",
    submit: "Access API Portal",
  },
  documentation: {
    title: "Documentation",
    description: "Sign in to read the AisleIQ developer guides and the full API reference.",
    submit: "Access Documentation",
  },
  sdk: {
    title: "SDK Portal",
    description: "Sign in to download the AisleIQ SDK and add a branded app in 2 lines of code.",
    submit: "Access SDK Portal",
  },
  retailer: {
    title: "Retailer Portal",
    description: "Sign in to manage your stores, your branded app and the IQ Dashboard.",
    submit: "Access Retailer Portal",
  },
  plugins: {
    title: "Plugins Portal",
    description: "Sign in to browse and install AisleIQ plugins for your store systems.",
    submit: "Access Plugins Portal",
  },
  email: "Email",
  emailPlaceholder: "you@company.com",
  password: "Password",
  showPassword: "Show password",
  hidePassword: "Hide password",
  forgotPassword: "Forgot Password",
  forgotTitle: "No password to reset",
  forgotText:
    "AisleIQ accounts have no password: the account portal emails you a secure sign-in link. No account yet? Ask your AisleIQ contact for an invitation, or select Sign Up to request access.",
  signUp: "Sign Up",
  noAccount: "New to AisleIQ?",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
  inviteTitle: "Access is by invitation",
  inviteText:
    "The {{portal}} opens to invited accounts only. If you already have an AisleIQ account, sign in on the account portal. Otherwise, select Sign Up and we will set up your access.",
  accountPortalLink: "Account portal — for invited team members, company admins and admins",
  haveAccount: "Already have an AisleIQ account?",
  backHome: "Back to home",
} as const;
