import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@common/limits";
import * as React from "react";

/**
 * Toast state shared by the whole app (docs/product.md#9-constants): at most one toast at a time, removed
 * 1,000,000 ms after it is dismissed. Variants: default and destructive.
 */
export interface ToastInput {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: "default" | "destructive";
}
export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let counter = 0;
let state: ToastItem[] = [];
const listeners = new Set<(toasts: ToastItem[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  state = next;
  for (const listener of listeners) listener(state);
}

/** Closes a toast (or all); it is removed from the list after the removal delay of docs/product.md#9-constants. */
export function dismissToast(id?: string): void {
  for (const item of state) {
    if ((id === undefined || item.id === id) && !removalTimers.has(item.id)) {
      removalTimers.set(
        item.id,
        setTimeout(() => {
          removalTimers.delete(item.id);
          emit(state.filter((t) => t.id !== item.id));
        }, TOAST_REMOVE_DELAY_MS),
      );
    }
  }
  emit(state.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast, replacing the current one (limit 1). Returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...state].slice(0, TOAST_LIMIT));
  return id;
}

/** Subscribes a component to the toast list. */
export function useToast() {
  const [toasts, setToasts] = React.useState(state);
  React.useEffect(() => {
    listeners.add(setToasts);
    // A toast shown between this component's render and this effect (e.g. by a child's mount
    // effect) would otherwise be missed.
    setToasts(state);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss: dismissToast };
}
