import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";

/**
 * The footer of a form or confirm dialog: an outline Cancel button and the primary action.
 * Without `onConfirm` the action is the form's submit button; with it, a plain button that
 * calls `onConfirm` (an alert dialog with no form).
 * @param cancel Cancel's text; `onCancel` closes the dialog
 * @param confirm the action's text, already switched to its "…ing" form while pending
 * @param disabled the action is unavailable (nothing changed, or a request is pending)
 * @param variant the action's button variant (default, or destructive for deletions)
 */
export function DialogActions({
  cancel,
  onCancel,
  confirm,
  disabled,
  onConfirm,
  variant = "default",
}: {
  cancel: string;
  onCancel: () => void;
  confirm: string;
  disabled: boolean;
  onConfirm?: () => void;
  variant?: "default" | "destructive";
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancel}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={variant}
        disabled={disabled}
        onClick={onConfirm}
      >
        {confirm}
      </Button>
    </DialogFooter>
  );
}
