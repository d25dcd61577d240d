import { enCalculator } from "./en-calculator";
import { enImuDemo } from "./en-imu-demo";
import { enLanding } from "./en-landing";
import { enLeads } from "./en-leads";
import { enLoginPortals } from "./en-login-portals";
import { enPortal } from "./en-portal";
import { enRetailerDemo } from "./en-retailer-demo";

/**
 * English catalog. Every user-facing string goes through i18next with these keys (architecture
 * doc); spec texts (product-spec.md §2, §4, §5, §8) appear here word for word.
 */
export const en = {
  brand: {
    name: "AisleIQ",
    title: "AisleIQ — A refreshingly simple AI Retail APP Platform",
    description: "A refreshingly simple AI Retail APP & Staffing Platform.",
  },
  common: {
    loading: "Loading...",
    signOut: "Sign out",
    signingOut: "Signing out...",
    home: "Home",
    cancel: "Cancel",
    close: "Close",
    error: "Error",
    never: "Never",
    skipToContent: "Skip to content",
  },
  roles: { admin: "Admin", company_admin: "Company Admin", user: "User" },
  notFound: {
    title: "404 Page Not Found",
    text: "Did you forget to add the page to the router?",
    home: "Go to Homepage",
  },
  adminLogin: {
    loginTitle: "Admin Portal",
    loginDescription: "Enter your email and we'll send you a secure login link.",
    email: "Email",
    emailPlaceholder: "you@company.com",
    sendLink: "Send Secure Login Link",
    sending: "Sending...",
    noPasswords: "No passwords needed. We use secure, one-time login links.",
    sentTitle: "Check Your Email",
    sentDescription: "We sent a secure login link to {{email}}.",
    sentExpiry: "The link expires in 15 minutes.",
    sendAnother: "Send Another Link",
    setupTitle: "Setup Admin Account",
    setupDescription: "No admin account exists yet. Create the first one to get started.",
    fullName: "Full Name",
    fullNamePlaceholder: "Jane Doe",
    createAdmin: "Create Admin Account",
    creating: "Creating...",
    emailRequiredTitle: "Email Required",
    emailRequiredMessage: "Please enter your email address",
    requiredFieldsTitle: "Required Fields",
    requiredFieldsMessage: "Please enter both email and full name",
    sentToastTitle: "Magic Link Sent",
    sentToastMessage: "Check your email for a secure login link",
    createdToastTitle: "Admin Account Created",
    createdToastMessage: "Check your email for a secure login link to complete setup",
    sendFailed: "Failed to send magic link",
    createFailed: "Failed to create admin account",
  },
  verify: {
    verifying: "Verifying Access",
    verifyingText: "Please wait while we sign you in.",
    success: "Login Successful!",
    successText: "Redirecting to your dashboard...",
    failed: "Verification Failed",
    failedNote: "The link may be expired or invalid",
    backToLogin: "Back to Login",
    invalidLink: "Invalid verification link",
  },
  dashboard: {
    title: "Dashboard",
    welcome: "Welcome, {{name}}",
    profile: "Profile",
    fullName: "Full Name",
    email: "Email",
    role: "Role",
    lastLogin: "Last Login",
    company: "Company",
  },
  admin: {
    title: "Admin Dashboard",
    welcome: "Welcome back, {{name}}",
    subtitle: "Manage users, companies and background checks.",
    accessDenied: "Access Denied - You don't have permission to access this page.",
  },
  calculator: enCalculator,
  retailerDemo: enRetailerDemo,
  imuDemo: enImuDemo,
  portal: enPortal,
  landing: enLanding,
  leads: enLeads,
  loginPortals: enLoginPortals,
} as const;

export type Catalog = typeof en;
