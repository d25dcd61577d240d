import type { DemoRegistrationBody } from "@common/api/demo-registrations";
import { type SubmitOutcome, submitRegistration } from "./api/registration";

/**
 * Registrations captured while the browser was offline (docs/product.md#8-messages "Connection Issue"). They live
 * in localStorage until the server confirms them; the registrationId makes every resend safe.
 */
export interface PendingRegistration {
  slug: string;
  body: DemoRegistrationBody;
}

import { PENDING_STORAGE_KEY } from "./pending-storage-key";

export { PENDING_STORAGE_KEY };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved registrations, oldest first; an unreadable entry counts as none. */
export function readPending(): PendingRegistration[] {
  const raw = storage()?.getItem(PENDING_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is PendingRegistration =>
            typeof item === "object" &&
            item !== null &&
            typeof (item as PendingRegistration).slug === "string" &&
            typeof (item as PendingRegistration).body?.registrationId === "string",
        )
      : [];
  } catch {
    return [];
  }
}

function writePending(items: PendingRegistration[]): void {
  const store = storage();
  if (!store) return;
  if (items.length === 0) store.removeItem(PENDING_STORAGE_KEY);
  else store.setItem(PENDING_STORAGE_KEY, JSON.stringify(items));
}

/** Saves a registration for resending, replacing an earlier copy with the same registrationId. */
export function savePending(item: PendingRegistration): void {
  const others = readPending().filter((p) => p.body.registrationId !== item.body.registrationId);
  writePending([...others, item]);
}

function removePending(registrationId: string): void {
  writePending(readPending().filter((p) => p.body.registrationId !== registrationId));
}

/**
 * True when the server has settled a registration for good: it accepted it, or refused it for a
 * reason a resend cannot fix (4xx other than 408 and 429).
 */
function isSettled(outcome: SubmitOutcome): boolean {
  if (outcome.kind === "ok") return true;
  return (
    outcome.kind === "server" &&
    outcome.status >= 400 &&
    outcome.status < 500 &&
    outcome.status !== 408 &&
    outcome.status !== 429
  );
}

let flushing: Promise<number> | null = null;

/**
 * Resends every saved registration once, removing each the server settles. Concurrent calls
 * share one run, so an `online` event during a page-load flush sends nothing twice.
 * @returns how many registrations the server accepted in this run
 */
export function flushPending(send: typeof submitRegistration = submitRegistration): Promise<number> {
  if (flushing) return flushing;
  flushing = (async () => {
    let accepted = 0;
    for (const item of readPending()) {
      const outcome = await send(item.slug, item.body);
      if (isSettled(outcome)) removePending(item.body.registrationId);
      if (outcome.kind === "ok") accepted++;
      if (outcome.kind === "network" || outcome.kind === "timeout") break;
    }
    return accepted;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** A random RFC 4122 version 4 UUID, also outside secure contexts where `randomUUID` is missing. */
export function newRegistrationId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
