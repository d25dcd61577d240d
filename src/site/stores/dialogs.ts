import { PLAN_TITLES, type PlanTitle } from "@common/plans";
import { atom } from "nanostores";

/**
 * Which of the public site's dialogs is open, shared between the framework-free trigger script
 * (scripts/dialog-triggers.ts, in the first load) and the dialogs island (islands/dialogs, loaded
 * on first interaction): a button anywhere on a static page opens a dialog by setting this store,
 * and the island, once hydrated, shows what the store says (docs/product.md#2-pages: Get Started,
 * Jobs, Events).
 */

/**
 * The buttons that open a dialog: `data-dialog-trigger` names the dialog, `data-plan` the plan
 * (Get Started only). Read by scripts/dialog-triggers.ts and by the island's `client:interaction`.
 */
export const DIALOG_TRIGGER_SELECTOR = "[data-dialog-trigger]";

/** The dialogs a trigger can open, as written in `data-dialog-trigger`. */
export const DIALOG_NAMES = ["get-started", "jobs", "events"] as const;
export type DialogName = (typeof DIALOG_NAMES)[number];

/**
 * The plan of a Get Started button that names none (the calculator's and the login portals'
 * sign-up buttons): Optimal, the plan those pages have always offered (docs/product.md#2-pages).
 */
export const DEFAULT_PLAN: PlanTitle = "Optimal";

/** An open dialog: its name, and for Get Started the plan the visitor chose. */
export type DialogRequest =
  | { dialog: "get-started"; plan: PlanTitle }
  | { dialog: "jobs" }
  | { dialog: "events" };

/** The dialog open now, or null when none is. */
export const $openDialog = atom<DialogRequest | null>(null);

/** True when `value` names one of {@link DIALOG_NAMES}. */
export function isDialogName(value: unknown): value is DialogName {
  return typeof value === "string" && (DIALOG_NAMES as readonly string[]).includes(value);
}

/** True when `value` is one of the plans (Starter, Optimal, Unlimited). */
export function isPlanTitle(value: unknown): value is PlanTitle {
  return typeof value === "string" && (PLAN_TITLES as readonly string[]).includes(value);
}

/**
 * Opens a dialog (replacing any open one).
 * @param dialog which dialog
 * @param plan for Get Started, the chosen plan; a missing or unknown plan is {@link DEFAULT_PLAN}
 */
export function openDialog(dialog: DialogName, plan?: string | null): void {
  $openDialog.set(
    dialog === "get-started" ? { dialog, plan: isPlanTitle(plan) ? plan : DEFAULT_PLAN } : { dialog },
  );
}

/** Closes the open dialog, if any (Escape, backdrop, Close, Cancel, or a flow that moves on). */
export function closeDialog(): void {
  $openDialog.set(null);
}
