/**
 * Landing-page motion (docs/product.md#4-states "Hero"): the pulsing ellipsis, the emoji pop-in and the
 * partners marquee, all off under prefers-reduced-motion. Rendered as an inline <style> that
 * React hoists into <head> (no extra render-blocking request on the prerendered page).
 */
export const LANDING_STYLES = `

@keyframes landing-dot-pulse {
  0%,
  80%,
  100% {
    opacity: 0.25;
    transform: translateY(0);
  }
  40% {
    opacity: 1;
    transform: translateY(-2px);
  }
}

.landing-dot {
  animation: landing-dot-pulse 1.2s ease-in-out infinite;
}
.landing-dot:nth-child(2) {
  animation-delay: 0.15s;
}
.landing-dot:nth-child(3) {
  animation-delay: 0.3s;
}

@keyframes landing-pop-in {
  from {
    opacity: 0;
    transform: scale(0.8);
  }
  to {
    opacity: 1;
    transform: scale(1);
  }
}

.landing-pop-in {
  animation: landing-pop-in 300ms ease-out both;
}

/* Partners marquee: the track holds four identical strips; moving it by one strip loops seamlessly. */
@keyframes landing-marquee {
  from {
    transform: translateX(0);
  }
  to {
    transform: translateX(-25%);
  }
}

.landing-marquee-track {
  animation: landing-marquee 40s linear infinite;
}
.landing-marquee:hover .landing-marquee-track,
.landing-marquee:focus-within .landing-marquee-track {
  animation-play-state: paused;
}

.landing-marquee {
  mask-image: linear-gradient(to right, transparent, #000 8%, #000 92%, transparent);
}

@media (prefers-reduced-motion: reduce) {
  .landing-dot,
  .landing-pop-in,
  .landing-marquee-track {
    animation: none !important;
  }
  .landing-dot {
    opacity: 0.6;
  }
}
`;
