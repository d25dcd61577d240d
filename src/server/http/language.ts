import type { FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "../../common/languages";

/**
 * The language a request names (ADR 0025): the `language` the client form
 * sent (already validated against `LANGUAGES`), else the `lang` cookie the language menus set
 * (ADR 0022); undefined when neither says one.
 * @param sent the body's optional `language` field
 */
export function namedLanguage(
  request: Pick<FastifyRequest, "cookies">,
  sent?: Language | undefined,
): Language | undefined {
  if (sent) return sent;
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : undefined;
}

/** The language to answer a request in: {@link namedLanguage}, else English. */
export function requestLanguage(
  request: Pick<FastifyRequest, "cookies">,
  sent?: Language | undefined,
): Language {
  return namedLanguage(request, sent) ?? DEFAULT_LANGUAGE;
}
