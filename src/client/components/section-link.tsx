import { basePath } from "@common/languages";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import { useLanguage } from "~/lib/language";
import { smoothScrollTo } from "~/lib/smooth-scroll";

interface SectionLinkProps extends Omit<React.ComponentProps<typeof Link>, "to"> {
  /** Id of the landing-page section (docs/product.md#2-pages), e.g. "pricing". */
  section: string;
  /** Called before scrolling, e.g. to close the mobile drawer first. */
  onNavigate?: () => void;
  /** Wait this many ms before scrolling (lets a closing drawer release the scroll lock). */
  scrollDelayMs?: number;
}

/**
 * A link to a landing-page section (docs/product.md#2-pages "Header and footer"): on the home page it smooth
 * scrolls with the section's offset; from any other page it goes to `/#section` (`/es/#section`
 * on Spanish pages), and the home page scrolls once it renders.
 */
export function SectionLink({ section, onNavigate, scrollDelayMs = 0, onClick, ...props }: SectionLinkProps) {
  const { pathname } = useLocation();
  const { localize } = useLanguage();
  return (
    <Link
      to={{ pathname: localize("/"), hash: `#${section}` }}
      onClick={(event) => {
        onClick?.(event);
        onNavigate?.();
        if (basePath(pathname) !== "/" || event.defaultPrevented) return;
        event.preventDefault();
        window.history.replaceState(window.history.state, "", `#${section}`);
        if (scrollDelayMs > 0) window.setTimeout(() => smoothScrollTo(section), scrollDelayMs);
        else smoothScrollTo(section);
      }}
      {...props}
    />
  );
}
