import type { LeadRequest } from "@common/api/leads";
import { ApiError } from "~/lib/api";
import { PENDING_LEADS_KEY } from "./pending-lead-key";
import { sendGetStartedEmail } from "./send-get-started-email";

/**
 * Get Started leads captured while the browser could not reach the server (ADR 0081, a departure
 * recorded in ADR 0082: the spec answers a network failure with the error toast). They wait in
 * localStorage, oldest first, and are sent on the browser's `online` event and when the dialogs
 * island next loads, each once.
 */

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved leads, oldest first; an unreadable entry counts as none. */
export function readPendingLeads(): LeadRequest[] {
  const raw = storage()?.getItem(PENDING_LEADS_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is LeadRequest =>
            typeof item === "object" && item !== null && typeof (item as LeadRequest).email === "string",
        )
      : [];
  } catch {
    return [];
  }
}

function writePendingLeads(items: LeadRequest[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (items.length === 0) store.removeItem(PENDING_LEADS_KEY);
    else store.setItem(PENDING_LEADS_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the lead stays in this page's memory only (see savePendingLead).
  }
}

/** Leads kept in memory when localStorage is blocked: resent while this page stays open. */
let memory: LeadRequest[] = [];

/** Saves a lead that could not be sent, to send it when the connection is back. */
export function savePendingLead(lead: LeadRequest): void {
  if (storage()) writePendingLeads([...readPendingLeads(), lead]);
  else memory = [...memory, lead];
}

/** True for a failure a resend may fix: no answer at all (fetch's TypeError), 408, 429 or a 5xx. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

let flushing: Promise<number> | null = null;

/**
 * Sends every saved lead once, oldest first, dropping each the server accepts or refuses for
 * good (a 4xx other than 408 and 429); stops at the first that still cannot get through.
 * Concurrent calls share one run, so an `online` event during a flush sends nothing twice.
 * @returns how many leads the server accepted in this run
 */
export function flushPendingLeads(send: typeof sendGetStartedEmail = sendGetStartedEmail): Promise<number> {
  if (flushing) return flushing;
  flushing = (async () => {
    let accepted = 0;
    for (const lead of [...memory, ...readPendingLeads()]) {
      try {
        await send(lead);
        accepted++;
      } catch (error) {
        if (worthRetrying(error)) break;
      }
      // Settled: forget it (the first saved is the first sent, so it is the head of its list).
      if (memory[0] === lead) memory = memory.slice(1);
      else writePendingLeads(readPendingLeads().slice(1));
    }
    return accepted;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

let listening = false;

/**
 * Sends the saved leads now and on every later `online` event of this page (once per page,
 * however often called).
 * @param onSent called with how many leads a run delivered, when some were
 */
export function resendPendingLeads(onSent: (count: number) => void): void {
  const run = () => {
    if (memory.length === 0 && readPendingLeads().length === 0) return;
    void flushPendingLeads().then((count) => {
      if (count > 0) onSent(count);
    });
  };
  run();
  if (listening) return;
  listening = true;
  window.addEventListener("online", run);
}
