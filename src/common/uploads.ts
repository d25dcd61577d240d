/**
 * Background-check upload rules (docs/product.md#5-validation and #9-constants), shared by the client form and the
 * server so both refuse the same files.
 */

/**
 * Allowed kinds (docs/product.md#5-validation: PDF, JPEG, PNG, GIF, doc, docx): the file-name extensions accepted
 * for each, the MIME type a browser reports, and the type the server's magic-byte sniffing
 * (the `file-type` package) must find. Legacy .doc files are OLE compound files, which
 * `file-type` reports as `cfb`.
 */
export const UPLOAD_KINDS = [
  { extensions: ["pdf"], mime: "application/pdf", detected: ["pdf"] },
  { extensions: ["jpg", "jpeg"], mime: "image/jpeg", detected: ["jpg"] },
  { extensions: ["png"], mime: "image/png", detected: ["png"] },
  { extensions: ["gif"], mime: "image/gif", detected: ["gif"] },
  { extensions: ["doc"], mime: "application/msword", detected: ["cfb"] },
  {
    extensions: ["docx"],
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    detected: ["docx"],
  },
] as const;

export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * The stored types a reviewer may read inline in the Review dialog (ADR 0059): PDF, PNG and
 * JPEG. Every other type is download-only, and the preview route refuses it. The stored type is
 * the one the upload's magic bytes proved (`UPLOAD_KINDS`).
 */
export const PREVIEW_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

/** True when a file of stored MIME type `mime` has an inline preview ({@link PREVIEW_TYPES}). */
export function isPreviewable(mime: string): boolean {
  return (PREVIEW_TYPES as readonly string[]).includes(mime);
}

/** Every allowed extension, lower case, without the dot. */
export const ALLOWED_EXTENSIONS: readonly string[] = UPLOAD_KINDS.flatMap((kind) => kind.extensions);

/** Value for an `<input type="file" accept>` attribute. */
export const UPLOAD_ACCEPT = [
  ...ALLOWED_EXTENSIONS.map((ext) => `.${ext}`),
  ...UPLOAD_KINDS.map((kind) => kind.mime),
].join(",");

/** Lower-case extension of a file name without the dot ("" when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** The allowed kind a file name's extension belongs to, or undefined. */
export function uploadKindOf(fileName: string): UploadKind | undefined {
  const ext = extensionOf(fileName);
  return UPLOAD_KINDS.find((kind) => (kind.extensions as readonly string[]).includes(ext));
}

/**
 * A byte count in 1024-based units (docs/product.md#9-constants): "512 B", "1.5 KB", "10 MB".
 * @param bytes non-negative integer
 */
export function formatFileSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit]}`;
}

/**
 * Makes a client-supplied file name safe to keep as data and to show: the last path segment
 * only, control characters removed, at most 200 characters. Never used as a storage path.
 */
export function cleanOriginalName(fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const base = (fileName.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const cleaned = base === "" || base === "." || base === ".." ? "file" : base;
  return cleaned.length > 200 ? cleaned.slice(cleaned.length - 200) : cleaned;
}
