import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/react-i18n";

/** Intrinsic size of the product video and its poster (px). */
const VIDEO_SIZE = { width: 960, height: 600 } as const;
const POSTER = "/media/product-tour-poster.jpg";

/**
 * The short muted product video (docs/product.md#1-audience: "A video plays once when half in view"). It starts
 * once, the first time half of it is visible, and never under prefers-reduced-motion (the poster
 * stays). Nothing is downloaded until it plays (preload none) but the poster, and the poster only
 * once the video comes within a screen of the viewport: it is below the fold, and an eager poster
 * competes with the first paint on a slow mobile link (first-load budget, ADR 0008). The box keeps its size
 * (width and height) before the poster arrives, so nothing shifts.
 */
export function ProductVideo() {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [poster, setPoster] = useState<string | undefined>(undefined);

  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === "undefined") {
      setPoster(POSTER);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setPoster(POSTER);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        video.play().catch(() => {
          // Autoplay refused (e.g. data saver): the poster stays, which is fine.
        });
      },
      { threshold: 0.5 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-xl shadow-indigo-950/10">
      <video
        ref={ref}
        width={VIDEO_SIZE.width}
        height={VIDEO_SIZE.height}
        muted
        playsInline
        preload="none"
        poster={poster}
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
