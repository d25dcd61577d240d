import { intlLocale } from "@common/languages";
import { MAX_FILE_BYTES } from "@common/limits";
import { uploadKindOf } from "@common/uploads";
import { toast } from "~/hooks/use-toast";
import { toastError } from "~/lib/error-toast";
import type { TFunction } from "~/lib/i18n";

/**
 * The client's side of the upload rules (docs/product.md#5-validation), shared by the
 * background-check form and the answer to a pending rejection (ADR 0083: "up to 5 files with the
 * upload's rules"), so both refuse the same files with the same words. The server checks again.
 */

/**
 * Keeps the files of one choice (or drop) whose type is allowed and that are at most 10 MB. The
 * refused ones are named in one toast (only one toast shows at a time, docs/product.md#9-constants):
 * "a.exe is not a supported file type" for one, "a.exe and b.zip are not supported file types"
 * for several, both kinds in one message.
 * @param incoming the files as chosen, in order
 * @param t, language the reader's translator and language ("en" | "es"), for the toast
 * @returns the accepted files, in the order chosen
 */
export function acceptChosenFiles(incoming: File[], t: TFunction, language: string): File[] {
  const accepted: File[] = [];
  const wrongType: string[] = [];
  const tooLarge: string[] = [];
  for (const file of incoming) {
    if (!uploadKindOf(file.name)) wrongType.push(file.name);
    else if (file.size > MAX_FILE_BYTES) tooLarge.push(file.name);
    else accepted.push(file);
  }
  if (wrongType.length > 0 || tooLarge.length > 0) {
    const names = new Intl.ListFormat(intlLocale(language), { type: "conjunction" });
    const sentence = (key: "typeText" | "sizeText", files: string[]) =>
      files.length === 1
        ? t(`portal.submit.${key}`, { file: files[0] })
        : t(`portal.submit.${key}Many`, { files: names.format(files) });
    const title =
      tooLarge.length === 0
        ? t("portal.submit.typeTitle")
        : wrongType.length === 0
          ? t("portal.submit.sizeTitle")
          : t("portal.submit.refusedTitle");
    const sentences = [
      ...(wrongType.length > 0 ? [sentence("typeText", wrongType)] : []),
      ...(tooLarge.length > 0 ? [sentence("sizeText", tooLarge)] : []),
    ];
    toastError(title, sentences.join(". "));
  }
  return accepted;
}

/**
 * The first `max` of `files`; when there were more, says "Only the first 5 files are kept"
 * (docs/product.md#5-validation: extras are dropped, not refused).
 */
export function keepFirstFiles<T>(files: T[], max: number, t: TFunction): T[] {
  if (files.length > max) {
    toast({ title: t("portal.submit.tooManyTitle"), description: t("portal.submit.tooManyText") });
  }
  return files.slice(0, max);
}
