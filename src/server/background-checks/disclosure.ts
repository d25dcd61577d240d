import { createHash } from "node:crypto";
import type { Disclosure } from "../../common/api/background-checks";
import type { Language } from "../../common/languages";

/**
 * The background-check disclosure shown, on its own, before the upload form (ADR 0084): our own
 * text, versioned here. A change of wording is a new `version` with its `effectiveDate`; a
 * person who signed an older version is asked to read and sign the new one (DISCLOSURE_OUTDATED).
 * The SHA-256 of the exact text she read is stored with her signature, so the receipt proves
 * which words she agreed to.
 */
export const DISCLOSURE_VERSION = "2026-11-01";
/** The day this version took effect (ISO date). */
export const DISCLOSURE_EFFECTIVE_DATE = "2026-11-01";

const TEXTS: Record<Language, string> = {
  en: [
    "Disclosure regarding background investigation",
    "AisleIQ, on behalf of the company you are applying to or working with, may obtain information about you from a consumer reporting agency for employment purposes. This may include a consumer report about your character, general reputation, personal characteristics and mode of living, and may include your criminal history, identity verification and employment history.",
    "The documents you upload are stored securely and reviewed only by the reviewers of your company and AisleIQ administrators. They are deleted after the retention period.",
    "If a decision based in whole or in part on this information may go against you, you will first receive a copy of the reasons, a summary of your rights under the Fair Credit Reporting Act, and a period of at least five business days to dispute the information before the decision becomes final.",
    "Authorization",
    "By checking the box and typing my full name below, I authorize AisleIQ and the company I am applying to or working with to obtain and review the information described above. I agree that my typed name is my electronic signature and has the same effect as a handwritten signature.",
  ].join("\n\n"),
  es: [
    "Divulgación sobre la investigación de antecedentes",
    "AisleIQ, en nombre de la empresa a la que usted solicita empleo o con la que trabaja, puede obtener información sobre usted de una agencia de informes de consumidores con fines de empleo. Esto puede incluir un informe de consumidor sobre su carácter, reputación general, características personales y modo de vida, y puede incluir sus antecedentes penales, la verificación de su identidad y su historial laboral.",
    "Los documentos que usted sube se guardan de forma segura y solo los revisan los revisores de su empresa y los administradores de AisleIQ. Se eliminan al terminar el período de conservación.",
    "Si una decisión basada total o parcialmente en esta información pudiera perjudicarle, primero recibirá una copia de los motivos, un resumen de sus derechos según la Ley de Informe Justo de Crédito (Fair Credit Reporting Act) y un plazo de al menos cinco días hábiles para disputar la información antes de que la decisión sea definitiva.",
    "Autorización",
    "Al marcar la casilla y escribir mi nombre completo abajo, autorizo a AisleIQ y a la empresa a la que solicito empleo o con la que trabajo a obtener y revisar la información descrita arriba. Acepto que mi nombre escrito es mi firma electrónica y tiene el mismo efecto que una firma a mano.",
  ].join("\n\n"),
};

/** The current disclosure in `language` (`GET /api/background-checks/disclosure`). */
export function currentDisclosure(language: Language): Disclosure {
  return {
    version: DISCLOSURE_VERSION,
    effectiveDate: DISCLOSURE_EFFECTIVE_DATE,
    language,
    text: TEXTS[language],
  };
}

/** Hex SHA-256 of the UTF-8 text of the current disclosure in `language`. */
export function disclosureSha256(language: Language): string {
  return createHash("sha256").update(TEXTS[language], "utf8").digest("hex");
}

/**
 * Whether a typed signature is the person's full name: the same letters, ignoring case, accents
 * and spacing, so "ana  ruíz" signs for "Ana Ruiz" but a blank or another name does not.
 */
export function signatureMatches(signature: string, fullName: string): boolean {
  const fold = (value: string) =>
    value.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();
  const typed = fold(signature);
  return typed.length > 0 && typed === fold(fullName);
}
