import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "~/hooks/use-toast";

const Toaster = lazy(() => import("./ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster (ui/toaster.tsx) when the first toast is raised and keeps it from then
 * on (first-load budget, ADR 0008: Radix Toast is not in the first load of `/`; every toast follows a
 * visitor's action).
 */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
