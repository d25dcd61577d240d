import type * as React from "react";
import { useLanguage } from "~/lib/language";

interface SectionLinkProps extends Omit<React.ComponentProps<"a">, "href"> {
  /** Id of the landing-page section (docs/product.md#2-pages), e.g. "pricing". */
  section: string;
}

/**
 * A link to a landing-page section (docs/product.md#2-pages "Header and footer"): a plain link to
 * `/#section` (`/es/#section` on Spanish pages) marked `data-section`. The page's script
 * (src/site/scripts/header-sections.ts) turns a click on the home page into the 800 ms ease-out
 * scroll with the section's offset and moves focus there; from another page the link loads the home
 * page, which scrolls on arrival. No handler of its own: it renders in static pages (ADR 0079).
 */
export function SectionLink({ section, ...props }: SectionLinkProps) {
  const { localize } = useLanguage();
  return <a href={`${localize("/")}#${section}`} data-section={section} {...props} />;
}
