import type { QueryClient } from "@tanstack/react-query";
import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext } from "react";
import { createQueryClient } from "./query-client";

let browserClient: QueryClient | undefined;

/** One QueryClient for the browser session (its cache survives route changes); a fresh one per prerender. */
function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * Provides TanStack Query to the routes and dialogs that fetch (first-load budget, ADR 0008: the library is
 * not in the root, so `/` does not download it before interaction). Inside an existing provider
 * (tests, nested use) it adds nothing.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const parent = useContext(QueryClientContext);
  if (parent) return <>{children}</>;
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
