import { useId, useState } from "react";
import { useDebounced } from "./use-debounced";

/** How long a list's search waits after the last keystroke before it is sent, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The state of a list's search box (Users, Leads, Demo Registrations).
 * @param urlParam a query parameter of the page's URL whose value is the box's first text, so a
 *   link can open the list searched (the notice emails' inbox links, src/common/inbox-search.ts)
 * @returns `field`, the box's `id`, `value` (the text as typed) and `onChange`, to spread on a
 *   SearchField; and `q`, the trimmed text once typing has paused for {@link SEARCH_DEBOUNCE_MS}
 *   (what the list's query sends, so one request per pause)
 */
export function useSearch(urlParam?: string): {
  field: { id: string; value: string; onChange: (text: string) => void };
  q: string;
} {
  const id = useId();
  const [value, setValue] = useState(() =>
    urlParam && typeof window !== "undefined"
      ? (new URLSearchParams(window.location.search).get(urlParam) ?? "")
      : "",
  );
  const q = useDebounced(value.trim(), SEARCH_DEBOUNCE_MS);
  return { field: { id, value, onChange: setValue }, q };
}

/**
 * The page (1-based) a searchable, paged list shows (Users, Leads). The page belongs to one
 * search: while `q` differs from the search the page was chosen under, the list is on page 1.
 * @param q the list's current search, as {@link useSearch} returns it
 * @returns the page, and a setter that records a page for the current search
 */
export function useSearchPage(q: string): [page: number, setPage: (page: number) => void] {
  const [paging, setPaging] = useState({ q: "", page: 1 });
  return [paging.q === q ? paging.page : 1, (page) => setPaging({ q, page })];
}
