import { createContext, type ReactNode, useContext } from "react";

/**
 * The site header and footer rendered by someone else: the static public pages (ADR 0064) render
 * the framework-free `SiteHeader.astro` / `SiteFooter.astro` and hand their HTML to the React page
 * through this context (Astro slots, which leave no wrapper element in the page), so the React
 * pages keep their layout and the React header and footer stand aside. Without a provider (the
 * portal app) the React header and footer render as before.
 */
export interface SiteChromeSlots {
  header?: ReactNode;
  footer?: ReactNode;
}

export const SiteChromeSlotsContext = createContext<SiteChromeSlots>({});

/** The header or footer given by the page's renderer, if any. */
export function useSiteChromeSlot(slot: keyof SiteChromeSlots): ReactNode | undefined {
  return useContext(SiteChromeSlotsContext)[slot];
}
