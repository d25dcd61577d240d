import type { GateOkResponse } from "@common/api/gates";
import { useCallback, useState } from "react";
import { apiRequest } from "~/lib/api";

interface CheckCallbacks {
  onSuccess: () => void;
  onError: (failure: unknown) => void;
}

/**
 * `POST /api/gates/channel-partner {password}` (issue #5): calls `onSuccess` on the right
 * password, `onError` with an ApiError (401 INCORRECT_PASSWORD, 429 RATE_LIMITED) otherwise.
 * A plain request with a pending flag: the calculator does not load TanStack Query for one
 * button (issue #4 budget).
 */
export function useCheckChannelPartnerPassword() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((password: string, callbacks: CheckCallbacks) => {
    setPending(true);
    apiRequest<GateOkResponse>("POST", "/api/gates/channel-partner", { password }).then(
      () => {
        setPending(false);
        callbacks.onSuccess();
      },
      (failure: unknown) => {
        setPending(false);
        callbacks.onError(failure);
      },
    );
  }, []);
  return { isPending, mutate };
}
