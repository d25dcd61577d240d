import { isLanguage, type Language, localizePath } from "@common/languages";
import { useTranslation } from "~/lib/react-i18n";

/**
 * The page's language and a path helper for links (ADR 0022): links on a
 * Spanish page go to the Spanish twin of their target when there is one (`/es/calculator`).
 * @returns `language` ("en" | "es") and `localize(path)` → that path in the page's language
 */
export function useLanguage(): { language: Language; localize: (path: string) => string } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  return { language, localize: (path: string) => localizePath(path, language) };
}

// Framework-free, so the public site's header scripts share it without loading React.
export { rememberLanguage, switchLanguage } from "./language-switch";
