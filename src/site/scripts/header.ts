import { initHeaderDrawer } from "./header-drawer";
import { initLanguageChoices } from "./header-language";
import { initHeaderMenus } from "./header-menus";
import { initSectionLinks } from "./header-sections";

/**
 * The site header's script (SiteHeader.astro): dropdown menus, mobile drawer, language choices
 * and section links, framework-free (the `/` budget loads no React before interaction).
 */
initHeaderMenus();
initHeaderDrawer();
initLanguageChoices();
initSectionLinks();
