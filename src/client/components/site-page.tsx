import { clsx } from "clsx";
import type * as React from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * One site chrome for every public page (docs/product.md#2-pages "Header and footer"): the full site
 * header with its menus, the page, then the footer (which hides itself on /accelerometer). The
 * page passes its own `<main id="main">`; this wrapper is a full-height column, so a short page
 * still puts the footer at the bottom of the window. Header and footer are left out of print.
 * `className` is appended to the wrapper's classes (backgrounds), not merged (ADR 0010).
 */
export function SitePage({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div className={clsx("flex min-h-screen flex-col", className)}>
      <SiteHeader />
      {children}
      <SiteFooter />
    </div>
  );
}
