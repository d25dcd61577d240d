import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { useToast } from "~/hooks/use-toast";

/** Fetches the Radix toaster's chunk; a failed fetch is not remembered, so the next call tries again. */
const importToaster = () => import("./ui/toaster").then((m) => ({ default: m.Toaster }));

/**
 * A lazy Toaster of its own for each attempt: React keeps a lazy component's failure for good, so
 * a retry after the connection is back needs a new one.
 */
const lazyToaster = (): ComponentType => lazy(importToaster);

/**
 * Keeps a failed toaster load inside the toaster (ADR 0081): without it, the rejected chunk
 * would unmount the whole island, and a form with what the visitor typed, or its thank-you view,
 * would vanish. Renders nothing after a failure and calls `onFailed`.
 */
class ToasterLoadBoundary extends Component<
  { onFailed: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
 *
 * When the toaster's chunk cannot be fetched (the connection dropped), the island around it
 * stays as it is and the load is tried again on the browser's `online` event; the toasts raised
 * meanwhile show then (ADR 0081).
 * @param preload fetch the chunk as soon as this mounts, before any toast: the public site's
 *   islands mount on the visitor's first interaction, while the page is most likely online, so a
 *   toast raised after the connection drops (an offline submit's "Connection Issue") can show
 */
export function ToasterOnDemand({ preload = false }: { preload?: boolean }) {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [Toaster, setToaster] = useState(lazyToaster);
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
    if (preload) importToaster().catch(() => {});
  }, [preload]);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setToaster(lazyToaster);
      setAttempt((current) => current + 1);
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failed]);
  if (failed || owner !== self || (!needed && toasts.length === 0)) return null;
  return (
    <ToasterLoadBoundary key={attempt} onFailed={() => setFailed(true)}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterLoadBoundary>
  );
}
