import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { ModalPanel } from "./dialog";

/**
 * A side sheet (shadcn "Sheet") on Radix Dialog: slides in from the right, traps focus, locks
 * body scroll, closes on Escape and backdrop. Used for the mobile navigation drawer.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export function SheetContent({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <ModalPanel
      className={cn(
        "fixed inset-y-0 right-0 z-50 flex h-dvh w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto border-l border-border bg-background p-6 shadow-xl",
        className,
      )}
      closeClassName="size-11"
      iconClassName="size-5"
      {...props}
    />
  );
}
