import { type ComponentProps, type FormEvent, type ReactNode, useRef } from "react";
import { DialogActions } from "./dialog-actions";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./ui/dialog";

/**
 * A dialog whose work is one form (Invite User, Edit User, Review, the Events password): the title
 * and description, the form's fields 16 px apart, then Cancel and the submit button
 * ({@link DialogActions}). Cancel closes the dialog through `onOpenChange(false)`, as Escape does.
 * @param open whether it is open; by default it is (a dialog the parent mounts only while shown)
 * @param onOpenChange Radix's open change: closing by Escape, the backdrop, the close button or Cancel
 * @param trigger the button that opens it, when the dialog owns one (Radix `DialogTrigger`)
 * @param descriptionClassName classes added to the description, e.g. `break-words` for an email
 * @param content props of the panel (`DialogContent`): `className`, `onCloseAutoFocus` …
 * @param focusTitle on opening, focus the title instead of the first field: for a form whose
 *   first field is a select that arrow keys would change (Review's status)
 * @param intro what the dialog shows between its heading and the form, e.g. the record under review
 * @param onSubmit the form's submit handler (it calls `preventDefault`)
 * @param noValidate leave the fields' checks to `onSubmit` instead of the browser
 * @param cancel Cancel's text
 * @param confirm the submit button's text, already switched to its "…ing" form while pending
 * @param disabled the submit button is unavailable (nothing to send, or a request is pending)
 * @param children the form's fields
 */
export function FormDialog({
  open = true,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName,
  content,
  focusTitle = false,
  intro,
  onSubmit,
  noValidate,
  cancel,
  confirm,
  disabled,
  children,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  content?: Omit<ComponentProps<typeof DialogContent>, "children">;
  focusTitle?: boolean;
  intro?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
  cancel: string;
  confirm: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const onOpenAutoFocus = (event: Event) => {
    content?.onOpenAutoFocus?.(event);
    if (!focusTitle || event.defaultPrevented) return;
    event.preventDefault();
    titleRef.current?.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent {...content} onOpenAutoFocus={onOpenAutoFocus}>
        <DialogHeader>
          <DialogTitle
            ref={titleRef}
            tabIndex={focusTitle ? -1 : undefined}
            className={focusTitle ? "outline-none" : undefined}
          >
            {title}
          </DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {intro}
        <form className="grid gap-4" onSubmit={onSubmit} noValidate={noValidate}>
          {children}
          <DialogActions
            cancel={cancel}
            onCancel={() => onOpenChange(false)}
            confirm={confirm}
            disabled={disabled}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
