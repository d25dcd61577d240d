/**
 * The pricing plans' titles (docs/product.md#3-records, "Plans"): the values of a lead's
 * `planTitle`. A module of its own, free of the lead schema's dependencies, so the public site's
 * first-load trigger script can check a button's plan without loading the validation library.
 */
export const PLAN_TITLES = ["Starter", "Optimal", "Unlimited"] as const;
export type PlanTitle = (typeof PLAN_TITLES)[number];
