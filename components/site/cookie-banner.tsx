import { Cookie, X } from "@/components/icons";
import { Button } from "@/components/ui/button";

import type { CookieBannerButton } from "./cookie-consent";

/** The attribute ./cookie-consent reads to know which of the banner's buttons was pressed. */
const does = (button: CookieBannerButton) => ({ "data-cookie-choice": button });

/**
 * The cookie consent banner: Accept All, Reject All, Customize (a dialog with Functional locked on
 * and Personalization) and Close (hides it for this page view without storing anything).
 *
 * Rendered on the server and handed to ./cookie-consent, which shows it when it is due and answers
 * its buttons: the markup costs no JavaScript of its own, so a first visit's phone spends nothing
 * on fetching, evaluating and rendering a component a second after load, only on drawing it.
 */
export function CookieBanner() {
  return (
    <section
      role="region"
      aria-label="Cookie consent"
      // Above the WhatsApp button (fixed at the foot, 3.5rem high) until the card is narrow enough
      // to sit beside it; compact on a phone: a fifth of its screen, not a third.
      className="fixed inset-x-3 bottom-[5.25rem] z-50 mx-auto max-w-4xl rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-2xl shadow-forest-deep/20 sm:inset-x-6 sm:bottom-24 sm:p-6 xl:bottom-6"
    >
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label="Close"
        className="absolute top-3 right-3 rounded-full text-muted-foreground"
        {...does("close")}
      >
        <X />
      </Button>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:gap-6">
        <div className="flex gap-3 pr-8 md:pr-0">
          <Cookie
            className="mt-0.5 hidden size-6 shrink-0 text-primary sm:block"
            aria-hidden="true"
          />
          <div>
            <h2 className="font-display text-base font-semibold text-forest-deep sm:text-lg">
              We value your privacy
            </h2>
            <p className="mt-1 text-sm leading-snug text-muted-foreground sm:leading-relaxed">
              We use cookies to keep the site working, remember your preferences and personalise
              your experience. Read our{" "}
              {/* A plain link: the banner stays markup only, and the policy page loads in full. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
              <a
                href="/legal#cookie-policy"
                className="font-medium text-primary underline underline-offset-2"
              >
                Cookie Policy
              </a>
              .
            </p>
          </div>
        </div>
        <div className="flex gap-2 md:shrink-0 md:pr-8">
          <Button
            type="button"
            variant="outline"
            className="flex-1 md:flex-none"
            {...does("customize")}
          >
            Customize
          </Button>
          <Button
            type="button"
            variant="outline"
            className="flex-1 md:flex-none"
            {...does("reject")}
          >
            Reject All
          </Button>
          <Button type="button" className="flex-1 md:flex-none" {...does("accept")}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
