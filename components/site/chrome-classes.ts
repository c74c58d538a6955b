/**
 * The class lists of the buttons and links in the site chrome's client components (the main
 * navigation), written out as `cn(buttonVariants(...), extra)` gives them.
 * Those components are in every public page's JavaScript, and `cn` would bring tailwind-merge
 * and its class tables into it; the lists are merged once here instead.
 * tests/unit/chrome-classes.test.ts checks each against `cn` and the current button variants.
 */

/** The focus, disabled, invalid and icon rules every button variant starts with. */
const BUTTON_STATES =
  "whitespace-nowrap transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const GHOST = "hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50";

export const CHROME_CLASSES = {
  /** Header: Book Now (`accent`, rounded, its own height and padding). */
  bookNow: `inline-flex shrink-0 items-center justify-center gap-2 text-sm ${BUTTON_STATES} bg-savanna text-forest-deep shadow-xs hover:bg-savanna/90 py-2 has-[>svg]:px-3 h-10 rounded-full px-3 font-semibold min-[380px]:px-4 sm:px-5`,
  /** Header: the menu toggle below md (`ghost`, `icon-lg`, round). */
  menuToggle: `inline-flex shrink-0 items-center justify-center gap-2 text-sm font-medium ${BUTTON_STATES} ${GHOST} size-10 rounded-full md:hidden`,
} as const;
