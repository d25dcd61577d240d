import { createContext, type ReactNode, useContext } from "react";

/**
 * The site header and footer of a public page's React body (ADR 0064, ADR 0080): the static pages
 * render the framework-free `SiteHeader.astro` / `SiteFooter.astro` and hand their HTML to the
 * React body through this context (Astro slots, which leave no wrapper element in the page), so
 * the body places them in its layout (site-page.tsx). There is no React copy of either.
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
