import type { ChannelPartnerContent, Gate } from "@common/api/gates";
import { useCallback, useRef, useState } from "react";
import type { GateCheckResult } from "~/features/gates/api";

export type { GateCheckResult } from "~/features/gates/api";

/**
 * The one password-gate check of the Events dialog and the calculator's Channel Partner section
 * (docs/product.md#2-pages, #4-states; ADR 0004). The request code, the body schema and zod load
 * on the first check, not with the page (first-load budget, ADR 0008).
 * @param gate which gate's password to check
 * @returns `pending` while a check runs, and `check(password)`, which resolves with the
 *   {@link GateCheckResult}, or with null when a check was already running (the second is dropped)
 */
export function useGateCheck(gate: Gate) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const check = useCallback(
    async (password: string): Promise<GateCheckResult | null> => {
      if (running.current) return null;
      running.current = true;
      setPending(true);
      try {
        const { checkGatePassword } = await import("~/features/gates/api");
        return await checkGatePassword(gate, password);
      } catch (failure) {
        // The check's code could not load (offline, new deployment): say the check failed.
        return { outcome: "failed", failure };
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [gate],
  );
  return { pending, check };
}

/**
 * The Channel Partner section's content again, for a browser session that gave the password
 * before (ADR 0035); the request code loads on demand like {@link useGateCheck}'s.
 * @returns the content, or null when the server refuses (no or expired pass) or cannot be reached
 */
export async function rereadChannelPartnerContent(): Promise<ChannelPartnerContent | null> {
  try {
    const { readChannelPartnerContent } = await import("~/features/gates/api");
    return await readChannelPartnerContent();
  } catch {
    return null;
  }
}
