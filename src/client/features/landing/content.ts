import type { PlanTitle } from "@common/api/leads";
import type { LucideIcon } from "lucide-react";
import {
  Building2,
  Code,
  Fuel,
  Handshake,
  Hotel,
  KeyRound,
  Plug,
  ShieldCheck,
  ShoppingCart,
  Store,
  Trophy,
} from "lucide-react";

/**
 * Static content of the landing page (docs/product.md#1-audience, #3-records "Pricing plan", "Feature card"; ADR 0008) as
 * typed data. Texts live in the i18n catalog (src/client/locales/en-landing.ts) under the keys
 * named here; artwork lives in public/media/.
 */

/** Intrinsic size of every feature-card illustration (px), so images never shift layout. */
export const CARD_IMAGE_SIZE = { width: 480, height: 300 } as const;

export type FeatureCardId =
  | "revenueBot"
  | "recommendations"
  | "motionSync"
  | "navigation"
  | "floorSync"
  | "productSync"
  | "trainingSync"
  | "pro"
  | "staffDifferent"
  | "iqDashboard";

/** A feature card (docs/product.md#3-records): title/description from `landing.cards.<id>`, its image, and whether it opens the Jobs modal. */
export interface FeatureCard {
  id: FeatureCardId;
  image: string;
  /** True for the card that opens the Jobs modal (docs/product.md#2-pages: Staff Different). */
  isClickable: boolean;
}

/**
 * The ten cards of the 'Turnkey Branded APP & SDK' grid, in the order the page shows them. Their
 * scenes are views of one file, public/media/features.svg (scripts/generate-artwork.mjs): one
 * request instead of ten, of which a phone's browser starts five before the heading paints, each
 * sharing the link with the font (ADR 0073).
 */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  { id: "revenueBot", image: "/media/features.svg#revenuebot", isClickable: false },
  { id: "recommendations", image: "/media/features.svg#recommendations", isClickable: false },
  { id: "motionSync", image: "/media/features.svg#motionsync", isClickable: false },
  { id: "navigation", image: "/media/features.svg#navigation", isClickable: false },
  { id: "floorSync", image: "/media/features.svg#floorsync", isClickable: false },
  { id: "productSync", image: "/media/features.svg#productsync", isClickable: false },
  { id: "trainingSync", image: "/media/features.svg#trainingsync", isClickable: false },
  { id: "pro", image: "/media/features.svg#pro", isClickable: false },
  { id: "staffDifferent", image: "/media/features.svg#staff-different", isClickable: true },
  { id: "iqDashboard", image: "/media/features.svg#iq-dashboard", isClickable: false },
];

export type IndustryId = "retail" | "convenience" | "grocery" | "hospitality" | "stadiums";

/** Industries section (docs/product.md#1-audience), labels from `landing.industries.<id>`. */
export const INDUSTRIES: readonly { id: IndustryId; icon: LucideIcon }[] = [
  { id: "retail", icon: Store },
  { id: "convenience", icon: Fuel },
  { id: "grocery", icon: ShoppingCart },
  { id: "hospitality", icon: Hotel },
  { id: "stadiums", icon: Trophy },
];

export type PlatformFeatureId =
  | "consumerPrivacy"
  | "brandOwnership"
  | "sso"
  | "plugins"
  | "api"
  | "brandsDirect";

/** Features section (docs/product.md#1-audience), texts from `landing.features.<id>`. */
export const PLATFORM_FEATURES: readonly { id: PlatformFeatureId; icon: LucideIcon }[] = [
  { id: "consumerPrivacy", icon: ShieldCheck },
  { id: "brandOwnership", icon: Building2 },
  { id: "sso", icon: KeyRound },
  { id: "plugins", icon: Plug },
  { id: "api", icon: Code },
  { id: "brandsDirect", icon: Handshake },
];

/** A partner slot: a name (for alt text) and a monochrome wordmark; swap the file for a real logo. */
export interface Partner {
  name: string;
  logo: string;
  width: number;
  height: number;
}

/** The six partner slots of the 'Our Partners' strip (docs/product.md#1-audience). */
export const PARTNERS: readonly Partner[] = [
  { name: "Northfield", logo: "/media/partners/northfield.svg", width: 160, height: 40 },
  { name: "Cobalt Grocers", logo: "/media/partners/cobalt.svg", width: 160, height: 40 },
  { name: "Harbor & Vine", logo: "/media/partners/harbor-vine.svg", width: 160, height: 40 },
  { name: "Summit", logo: "/media/partners/summit.svg", width: 160, height: 40 },
  { name: "QuickStop", logo: "/media/partners/quickstop.svg", width: 160, height: 40 },
  { name: "Meridian", logo: "/media/partners/meridian.svg", width: 160, height: 40 },
];

/** How many times the partner strip repeats in the marquee (docs/product.md#1-audience). */
export const PARTNER_REPEAT = 4;

export type PlanFeatureId =
  | "locations1to5"
  | "unlimitedLocations"
  | "diySetup"
  | "conciergeSetup"
  | "standardEmailSupport"
  | "priorityEmailSupport"
  | "priorityPhoneEmailSupport"
  | "loyalty"
  | "trainingSync"
  | "api"
  | "pro";

/** A pricing plan (docs/product.md#3-records): price in US dollars per employee per month, or null for 'Custom'. */
export interface PricingPlan {
  title: PlanTitle;
  /** Whole US dollars; null means 'Custom' with no periodicity. */
  price: number | null;
  isPopular: boolean;
  features: readonly { id: PlanFeatureId; included: boolean }[];
}

/** The three plans of the docs/product.md#3-records table. */
export const PLANS: readonly PricingPlan[] = [
  {
    title: "Starter",
    price: 0,
    isPopular: false,
    features: [
      { id: "locations1to5", included: true },
      { id: "diySetup", included: true },
      { id: "standardEmailSupport", included: true },
      { id: "loyalty", included: false },
      { id: "trainingSync", included: false },
      { id: "api", included: false },
      { id: "pro", included: false },
    ],
  },
  {
    title: "Optimal",
    price: 1,
    isPopular: true,
    features: [
      { id: "unlimitedLocations", included: true },
      { id: "diySetup", included: true },
      { id: "priorityEmailSupport", included: true },
      { id: "loyalty", included: true },
      { id: "trainingSync", included: true },
      { id: "api", included: true },
      { id: "pro", included: false },
    ],
  },
  {
    title: "Unlimited",
    price: null,
    isPopular: false,
    features: [
      { id: "unlimitedLocations", included: true },
      { id: "conciergeSetup", included: true },
      { id: "priorityPhoneEmailSupport", included: true },
      { id: "loyalty", included: true },
      { id: "trainingSync", included: true },
      { id: "api", included: true },
      { id: "pro", included: true },
    ],
  },
];
