import { useTranslation } from "~/lib/react-i18n";

/** Intrinsic size of the product video and its poster (px). */
const VIDEO_SIZE = { width: 960, height: 600 } as const;
const POSTER = "/media/product-tour-poster.jpg";

/**
 * The short muted product video (docs/product.md#1-audience: "A video plays once when half in
 * view"), as static markup: the page's framework-free player (src/site/scripts/product-video.ts)
 * sets the poster (`data-poster`) when the video comes near and plays it once when half in view,
 * never under prefers-reduced-motion. Nothing is downloaded until it plays (preload none). The
 * box keeps its size (width and height) before the poster arrives, so nothing shifts.
 */
export function ProductVideo() {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-xl shadow-indigo-950/10">
      <video
        width={VIDEO_SIZE.width}
        height={VIDEO_SIZE.height}
        muted
        playsInline
        preload="none"
        data-poster={POSTER}
        aria-label={t("landing.grid.videoLabel")}
        className="block h-auto w-full"
        data-testid="product-video"
      >
        <source src="/media/product-tour.webm" type="video/webm" />
        <source src="/media/product-tour.mp4" type="video/mp4" />
      </video>
    </div>
  );
}
