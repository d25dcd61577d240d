import type { GateOkResponse } from "@common/api/gates";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api";

/**
 * `POST /api/gates/channel-partner {password}` (issue #5): resolves on the right password;
 * rejects with an ApiError (401 INCORRECT_PASSWORD, 429 RATE_LIMITED) otherwise.
 */
export function useCheckChannelPartnerPassword() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<GateOkResponse>("POST", "/api/gates/channel-partner", { password }),
  });
}
