import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** Intrinsic size of the product video and its poster (px). */
const VIDEO_SIZE = { width: 960, height: 600 } as const;

/**
 * The short muted product video (spec §1: "A video plays once when half in view"). It starts
 * once, the first time half of it is visible, and never under prefers-reduced-motion (the poster
 * stays). Nothing is downloaded but the poster until it plays (preload none).
 */
export function ProductVideo() {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);

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
        poster="/media/product-tour-poster.jpg"
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
