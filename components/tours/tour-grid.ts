/**
 * The grid of tour cards (/tours and the home page's featured tours). On a phone every card after
 * the first is below the first screen, so those are rendered only as they come near the viewport
 * (render-when-near, app/(site)/site.css), each holding about a card's height until then.
 */
export const TOUR_GRID =
  "grid gap-8 sm:grid-cols-2 lg:grid-cols-3 [&>article:nth-child(n+2)]:render-when-near [&>article:nth-child(n+2)]:[contain-intrinsic-size:auto_760px]";
