/**
 * The product video's player, framework-free (docs/product.md#1-audience: "A video plays once when
 * half in view"). The static page carries the `<video>` (features/landing/product-video.tsx) with
 * `preload="none"` and no poster; this script gives it its poster (`data-poster`) once the video
 * comes within a screen of the viewport, and starts it once, the first time half of it is
 * visible, never under prefers-reduced-motion (the poster stays). Nothing of the video is
 * downloaded before it plays, and the poster not before it is near: the video is below the fold,
 * and an eager poster competes with the first paint on a slow mobile link (ADR 0008).
 */

/** Selector of the videos this script drives. */
export const PRODUCT_VIDEO_SELECTOR = "video[data-poster]";

/**
 * Drives one video as described above.
 * @param video a `<video>` with `data-poster` (the poster's URL)
 * @returns a function that stops watching it
 */
export function playWhenHalfInView(video: HTMLVideoElement): () => void {
  const poster = video.dataset.poster ?? "";
  if (typeof IntersectionObserver === "undefined") {
    video.poster = poster;
    return () => {};
  }
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      video.poster = poster;
    },
    { rootMargin: "100% 0px" },
  );
  near.observe(video);
  let halfInView: IntersectionObserver | null = null;
  if (!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
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
    halfInView = observer;
  }
  return () => {
    near.disconnect();
    halfInView?.disconnect();
  };
}

for (const video of document.querySelectorAll<HTMLVideoElement>(PRODUCT_VIDEO_SELECTOR)) {
  playWhenHalfInView(video);
}
