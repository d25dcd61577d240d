import { toast } from "~/hooks/use-toast";
import { errorMessage } from "./api";

/**
 * The red toast of docs/product.md#8-messages for a refused action (a required field left empty,
 * a file refused) or a failed request. It is a module of its own, not part of hooks/use-toast,
 * so that only the screens that use it load it (use-toast is in the first load of `/`).
 * @param title the toast's title, already translated
 * @param description its text, already translated
 */
export function toastError(title: string, description: string): void {
  toast({ title, description, variant: "destructive" });
}

/**
 * The red toast of a failed request, e.g. a mutation's `onError`: the server's translated message
 * for its error code when it sent one (see `errorMessage` in lib/api.ts), else `fallback`.
 * @param error what the request threw (an ApiError, or a network failure)
 * @param title the toast's title, already translated (usually "Error")
 * @param fallback the text shown when the server gave no known message
 */
export function toastRequestError(error: unknown, title: string, fallback: string): void {
  toastError(title, errorMessage(error, fallback));
}
