import { crc32 } from "node:zlib";
import { MAX_FILE_BYTES } from "../../../src/common/limits";
import { DISCLOSURE_VERSION } from "../../../src/server/background-checks/disclosure";
import { linkTokenFrom } from "../../support/smtp-sink";
import type { ServerFixture } from "../support/fixture";
import { type HttpResult, readResult, TEST_PUBLIC_URL } from "../support/test-app";

/** A file to upload: its name, bytes and the MIME type the "browser" claims. */
export interface UploadFile {
  name: string;
  data: Uint8Array;
  type?: string;
}

/**
 * Posts a multipart background-check submission over real HTTP, as a browser form would.
 * The authorization is signed as the form signs it (ADR 0084): the current disclosure version
 * and `fullName` as the typed signature, unless the fields say otherwise (null: not sent).
 * @param fields text fields; omitted ones are not sent
 */
export async function submitCheck(
  f: ServerFixture,
  cookie: string | undefined,
  fields: {
    fullName?: string;
    email?: string;
    disclosureVersion?: string | null;
    signatureName?: string | null;
    language?: "en" | "es";
  },
  files: UploadFile[],
): Promise<HttpResult> {
  const form = new FormData();
  if (fields.fullName !== undefined) form.append("fullName", fields.fullName);
  if (fields.email !== undefined) form.append("email", fields.email);
  const version = fields.disclosureVersion === undefined ? DISCLOSURE_VERSION : fields.disclosureVersion;
  if (version !== null) form.append("disclosureVersion", version);
  const signature = fields.signatureName === undefined ? fields.fullName : fields.signatureName;
  if (signature !== null && signature !== undefined) form.append("signatureName", signature);
  for (const file of files) {
    form.append(
      "files",
      new Blob([new Uint8Array(file.data)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  const response = await fetch(`${f.server.baseUrl}/api/background-checks`, {
    method: "POST",
    headers: cookie ? { cookie: fields.language ? `${cookie}; lang=${fields.language}` : cookie } : {},
    body: form,
  });
  return readResult(response);
}

/** Extracts the raw token of the `${TEST_PUBLIC_URL}/accept-invitation/<token>` link of an email's text. */
export function invitationTokenFrom(text: string): string {
  return linkTokenFrom(text, TEST_PUBLIC_URL, "/accept-invitation");
}

/** A small but real PDF document. */
export function pdfBytes(extra = 0): Uint8Array {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
  if (extra <= 0) return head;
  const out = Buffer.alloc(head.length + extra, 0x20);
  head.copy(out);
  return out;
}

/** A PDF of exactly `size` bytes. */
export function pdfOfSize(size: number): Uint8Array {
  return pdfBytes(size - pdfBytes().length);
}

/** `MAX_FILE_BYTES + 1`: one byte over the 10 MB limit. */
export const OVER_LIMIT = MAX_FILE_BYTES + 1;

/** A 1×1 PNG image. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A Windows executable header (MZ … PE), the classic spoof when renamed to .pdf. */
export const EXE_BYTES = (() => {
  const bytes = Buffer.alloc(512, 0);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  return bytes;
})();

/** A minimal Word document (.docx): a stored zip with [Content_Types].xml first, as Word writes it. */
export function docxBytes(): Uint8Array {
  const entries: Array<[string, string]> = [
    [
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      "word/document.xml",
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
