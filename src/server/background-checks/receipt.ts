import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import type { Language } from "../../common/languages";

/**
 * The signed authorization receipt (ADR 0084): the disclosure as the person read it and her
 * signature block, as a PDF rendered with pdf-lib. Stored beside the check's files and emailed
 * to her once.
 */

/** What the receipt shows; every value comes from the stored authorization. */
export interface ReceiptContent {
  disclosureText: string;
  disclosureVersion: string;
  effectiveDate: string;
  disclosureSha256: string;
  signatureName: string;
  fullName: string;
  email: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  language: Language;
}

const LABELS: Record<Language, Record<string, string>> = {
  en: {
    title: "Background check disclosure and authorization",
    signature: "Electronic signature",
    signedBy: "Signed by (typed name)",
    fullName: "Full name",
    email: "Email",
    signedAt: "Signed at (UTC)",
    ip: "IP address",
    userAgent: "Browser",
    version: "Disclosure version",
    hash: "SHA-256 of the disclosure text",
    consent:
      "The signer checked the box authorizing the background check and typed their name as their signature.",
  },
  es: {
    title: "Divulgación y autorización para la verificación de antecedentes",
    signature: "Firma electrónica",
    signedBy: "Firmado por (nombre escrito)",
    fullName: "Nombre completo",
    email: "Correo electrónico",
    signedAt: "Fecha y hora de la firma (UTC)",
    ip: "Dirección IP",
    userAgent: "Navegador",
    version: "Versión de la divulgación",
    hash: "SHA-256 del texto de la divulgación",
    consent:
      "La persona firmante marcó la casilla que autoriza la verificación y escribió su nombre como firma.",
  },
};

const PAGE = { width: 612, height: 792, margin: 56 };

/**
 * Text the standard Helvetica font can draw (WinAnsi): accents of Spanish stay; a character
 * it lacks is decomposed to its base letter when it has one, else shown as "?". The exact typed
 * name stays in the database; the receipt names that its rendering may simplify.
 */
function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (char === "\n") {
      out += char;
      continue;
    }
    out += encodable(font, char) ?? encodable(font, char.normalize("NFD").replace(/\p{M}/gu, "")) ?? "?";
  }
  return out;
}

function encodable(font: PDFFont, text: string): string | undefined {
  if (text.length === 0) return undefined;
  try {
    font.encodeText(text);
    return text;
  } catch {
    return undefined;
  }
}

/** Splits `text` into lines no wider than `width` points at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Renders the receipt as PDF bytes (US Letter, Helvetica), in the language she signed in.
 * @returns the PDF file's bytes
 */
export async function renderReceipt(content: ReceiptContent): Promise<Uint8Array> {
  const labels = LABELS[content.language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(labels.title as string);
  pdf.setAuthor("AisleIQ");
  pdf.setCreationDate(content.signedAt);
  pdf.setModificationDate(content.signedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(font, drawable(font, text), size, width)) {
      if (y < PAGE.margin + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: rgb(0.06, 0.09, 0.16) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };
  write(labels.title as string, { font: bold, size: 15, gap: 8 });
  write(`${labels.version}: ${content.disclosureVersion} (${content.effectiveDate})`, { size: 9, gap: 10 });
  for (const paragraph of content.disclosureText.split("\n\n")) write(paragraph, { gap: 6 });
  y -= 10;
  write(labels.signature as string, { font: bold, size: 12, gap: 4 });
  write(labels.consent as string, { gap: 6 });
  const rows: Array<[string, string]> = [
    [labels.signedBy as string, content.signatureName],
    [labels.fullName as string, content.fullName],
    [labels.email as string, content.email],
    [labels.signedAt as string, content.signedAt.toISOString()],
    [labels.ip as string, content.ip ?? "-"],
    [labels.userAgent as string, content.userAgent ?? "-"],
    [labels.hash as string, content.disclosureSha256],
  ];
  for (const [label, value] of rows) write(`${label}: ${value}`, { gap: 2 });
  return pdf.save({ useObjectStreams: false });
}
