import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useToast } from "~/hooks/use-toast";

const Toaster = lazy(() => import("./ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The mounted ToasterOnDemand instances, oldest first. On the public site several islands of one
 * page (the dialogs, the registration form) each bring one, and they share this module: only the
 * oldest renders the toaster, so a toast never shows twice; when it unmounts, the next takes over.
 */
const mounted: symbol[] = [];
const ownerListeners = new Set<() => void>();
const currentOwner = () => mounted[0] ?? null;
function subscribeOwner(listener: () => void): () => void {
  ownerListeners.add(listener);
  return () => ownerListeners.delete(listener);
}
function notifyOwner(): void {
  for (const listener of ownerListeners) listener();
}

/**
 * Mounts the Radix toaster (ui/toaster.tsx) when the first toast is raised and keeps it from then
 * on (first-load budget, ADR 0008: Radix Toast is not in the first load of `/`; every toast follows a
 * visitor's action). Of several instances on a page, one renders (see `mounted`).
 */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  const [self] = useState(() => Symbol("toaster"));
  const owner = useSyncExternalStore(subscribeOwner, currentOwner, () => null);
  useEffect(() => {
    mounted.push(self);
    notifyOwner();
    return () => {
      mounted.splice(mounted.indexOf(self), 1);
      notifyOwner();
    };
  }, [self]);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (owner !== self || (!needed && toasts.length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
