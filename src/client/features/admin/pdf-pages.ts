/**
 * PDF pages drawn by PDF.js (ADR 0059): the Review dialog's inline preview of a PDF. The bytes
 * come from the preview route and are parsed here, in the page's own origin, by PDF.js (which
 * runs no script from the document and needs no plugin), instead of the browser's PDF viewer,
 * which refuses a sandboxed response and which phones lack. PDF.js and its worker are loaded
 * on demand, the first time a PDF is previewed: never part of a page's first load.
 */

/** One drawn page: its number (from 1), its canvas (CSS width 100%) and its text, for screen readers. */
export interface PdfPage {
  number: number;
  canvas: HTMLCanvasElement;
  text: string;
}

/** A rendered document: how many pages it has, and the first ones drawn. */
export interface RenderedPdf {
  pageCount: number;
  pages: PdfPage[];
}

/** Widest canvas drawn, in device pixels: enough to read a page full width on a wide screen. */
const MAX_CANVAS_WIDTH = 1600;

async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * Parses `data` with PDF.js and draws its first `maxPages` pages, each `cssWidth` CSS pixels
 * wide (sharp on high-density screens), with the text of each page.
 * @param signal aborts the work (the preview closed): the document is destroyed, and the
 *   promise rejects with the signal's reason
 * @throws when the bytes are not a PDF PDF.js can read
 */
export async function renderPdf(
  data: Uint8Array,
  options: { cssWidth: number; maxPages: number; signal: AbortSignal },
): Promise<RenderedPdf> {
  const pdfjs = await loadPdfJs();
  options.signal.throwIfAborted();
  // No WebAssembly decoders (the portal's CSP allows no wasm compilation), no XFA forms.
  const task = pdfjs.getDocument({ data, useWasm: false, enableXfa: false });
  const abort = () => void task.destroy();
  options.signal.addEventListener("abort", abort, { once: true });
  try {
    const document = await task.promise;
    const pages: PdfPage[] = [];
    const shown = Math.min(document.numPages, options.maxPages);
    const ratio = globalThis.devicePixelRatio || 1;
    for (let number = 1; number <= shown; number++) {
      options.signal.throwIfAborted();
      const page = await document.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const width = Math.min(options.cssWidth * ratio, MAX_CANVAS_WIDTH);
      const viewport = page.getViewport({ scale: width / natural.width });
      const canvas = globalThis.document.createElement("canvas");
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = "100%";
      canvas.style.height = "auto";
      await page.render({ canvas, viewport }).promise;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      pages.push({ number, canvas, text });
    }
    return { pageCount: document.numPages, pages };
  } finally {
    options.signal.removeEventListener("abort", abort);
    if (!options.signal.aborted) void task.destroy();
  }
}
