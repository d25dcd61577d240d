import { initHeaderDrawer } from "./header-drawer";
import { replayEarlyPress } from "./header-early";
import { initLanguageChoices } from "./header-language";
import { initHeaderMenus } from "./header-menus";
import { initSectionLinks } from "./header-sections";

/**
 * The site header's script (SiteHeader.astro): dropdown menus, mobile drawer, language choices
 * and section links, framework-free (the `/` budget loads no React before interaction); then a
 * menu or drawer button pressed before this ran is pressed again.
 */
initHeaderMenus();
initHeaderDrawer();
initLanguageChoices();
initSectionLinks();
replayEarlyPress();
