import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { useTranslation } from "~/lib/react-i18n";
import { cn } from "~/lib/utils";

/** shadcn-style dialog on Radix Dialog: focus trap, Escape and backdrop close, labelled by its title. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * The overlay, the content panel and its close button, shared by {@link DialogContent} and the
 * side sheet (sheet.tsx); only their classes differ.
 */
export function ModalPanel({
  className,
  closeClassName,
  iconClassName,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { closeClassName: string; iconClassName: string }) {
  const { t } = useTranslation();
  // Radix returns focus on close only to a `Dialog.Trigger`; our dialogs open from state, so
  // without this focus would fall to <body> (WCAG 2.4.3): return it to the element that had it
  // when the dialog opened, if still there. A caller's `onCloseAutoFocus` that calls
  // `preventDefault()` chooses for itself.
  const opener = useRef<HTMLElement | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
      <DialogPrimitive.Content
        className={className}
        onOpenAutoFocus={(event) => {
          // Fired before focus moves in: the active element is still the opener.
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // Radix hears Escape only in its topmost layer: with a toast up, that is the toast, which
          // closes and leaves the event unhandled, so the first Escape left the dialog open. The
          // dialog's own layer (or a select's) marks the Escape it handles; an unmarked one from
          // inside the dialog closes it.
          if (event.key === "Escape" && !event.defaultPrevented && !event.nativeEvent.defaultPrevented)
            close.current?.click();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={close}
          aria-label={t("common.close")}
          className={cn(
            "absolute right-3 top-3 inline-flex items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            closeClassName,
          )}
        >
          <X className={iconClassName} aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <ModalPanel
      className={cn(
        "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-border bg-background p-6 shadow-lg",
        className,
      )}
      closeClassName="size-9"
      iconClassName="size-4"
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />
  );
}
export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}
