import { type CheckFile, checkFilePreviewUrl } from "@common/api/background-checks";
import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/react-i18n";
import { type RenderedPdf, renderPdf } from "./pdf-pages";

/** Pages of a PDF the preview draws; the rest is one download away (ADR 0059). */
export const PREVIEW_MAX_PAGES = 20;

/**
 * The inline preview of one document in the Review dialog (ADR 0059): an image (PNG, JPEG) as
 * the browser draws it from the preview route, a PDF drawn page by page by PDF.js, each page a
 * labelled image with its text for screen readers. Loading and failure are said in words; a
 * failure points to the download, which stays beside every file.
 * @param id the element id the file's Preview button controls (`aria-controls`)
 */
export function DocumentPreview({ checkId, file, id }: { checkId: number; file: CheckFile; id: string }) {
  const { t } = useTranslation();
  const url = checkFilePreviewUrl(checkId, file.id);
  return (
    <section
      id={id}
      aria-label={t("portal.review.previewTitle", { name: file.originalName })}
      className="grid gap-2 rounded-xl border border-border bg-muted/40 p-2 sm:p-3"
      data-testid="document-preview"
    >
      {file.fileType === "application/pdf" ? (
        <PdfPreview url={url} name={file.originalName} />
      ) : (
        <ImagePreview url={url} name={file.originalName} />
      )}
    </section>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 p-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {t("portal.review.previewLoading")}
    </p>
  );
}

function Failed() {
  const { t } = useTranslation();
  return (
    <p className="p-2 text-sm text-destructive" role="alert">
      {t("portal.review.previewFailed")}
    </p>
  );
}

function ImagePreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"loading" | "shown" | "failed">("loading");
  if (state === "failed") return <Failed />;
  return (
    <>
      {state === "loading" && <Loading />}
      <img
        src={url}
        alt={t("portal.review.previewImage", { name })}
        className={
          state === "shown" ? "mx-auto max-h-[70vh] w-auto max-w-full rounded-md bg-background" : "sr-only"
        }
        onLoad={() => setState("shown")}
        onError={() => setState("failed")}
      />
    </>
  );
}

function PdfPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<
    { status: "loading" | "failed" } | { status: "shown"; pdf: RenderedPdf }
  >({
    status: "loading",
  });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    (async () => {
      const response = await fetch(url, { credentials: "include", signal: controller.signal });
      if (!response.ok) throw new Error(`preview answered ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      const cssWidth = Math.max(frame.current?.clientWidth ?? 0, 280);
      const pdf = await renderPdf(data, { cssWidth, maxPages: PREVIEW_MAX_PAGES, signal: controller.signal });
      if (!controller.signal.aborted) setState({ status: "shown", pdf });
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: "failed" });
    });
    return () => controller.abort();
  }, [url]);

  return (
    <div ref={frame} className="grid gap-3">
      {state.status === "loading" && <Loading />}
      {state.status === "failed" && <Failed />}
      {state.status === "shown" && (
        <>
          <ol className="grid gap-3">
            {state.pdf.pages.map((page) => (
              <li key={page.number} className="grid gap-1">
                <PageCanvas
                  canvas={page.canvas}
                  label={t("portal.review.previewPage", {
                    page: page.number,
                    count: state.pdf.pageCount,
                    name,
                  })}
                />
                {page.text && (
                  <p className="sr-only">
                    {t("portal.review.previewText", { page: page.number })}: {page.text}
                  </p>
                )}
              </li>
            ))}
          </ol>
          {state.pdf.pageCount > state.pdf.pages.length && (
            <p className="text-sm text-muted-foreground">
              {t("portal.review.previewPagesShown", {
                shown: state.pdf.pages.length,
                count: state.pdf.pageCount,
              })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A page PDF.js drew, placed in a labelled image box (the canvas itself stays as drawn). */
function PageCanvas({ canvas, label }: { canvas: HTMLCanvasElement; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    canvas.setAttribute("aria-hidden", "true");
    element.replaceChildren(canvas);
    return () => {
      element.replaceChildren();
    };
  }, [canvas]);
  return (
    <div
      ref={holder}
      role="img"
      aria-label={label}
      className="overflow-hidden rounded-md border border-border bg-white shadow-sm"
    />
  );
}
