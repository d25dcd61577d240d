import { Collapsible as CollapsiblePrimitive } from "radix-ui";

/** shadcn-style Collapsible: Radix's primitives re-exported under the names the app uses. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;
