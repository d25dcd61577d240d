import { clsx } from "clsx";
import type * as React from "react";
import { useSiteChromeSlot } from "./site-chrome-slots";

/**
 * One frame for every public page's body (docs/product.md#2-pages "Header and footer"): the site
 * header, the page, then the footer. Header and footer are the static site's one copy
 * (SiteHeader.astro, SiteFooter.astro; ADR 0080), handed in through the chrome slots; the page
 * passes its own `<main id="main">`. A full-height column, so a short page still puts the footer
 * at the bottom of the window. `className` is appended to the wrapper's classes (backgrounds),
 * not merged (ADR 0010).
 */
export function SitePage({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div className={clsx("flex min-h-screen flex-col", className)}>
      {useSiteChromeSlot("header")}
      {children}
      {useSiteChromeSlot("footer")}
    </div>
  );
}
