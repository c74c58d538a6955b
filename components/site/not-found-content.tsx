import { ArrowLeft, Compass } from "@/components/icons";

import { LinkButton } from "./link-button";

/**
 * The body of a not-found page: by default the site's 404; the tour page passes its own title,
 * text and way back (and no code).
 */
export function NotFoundContent({
  code = "404",
  title = "Page Not Found",
  text = "The page you're looking for doesn't exist or has been moved.",
  href = "/",
  linkLabel = "Return to Home",
}: {
  code?: string | null;
  title?: string;
  text?: string;
  href?: string;
  linkLabel?: string;
}) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-savanna-soft text-forest-deep">
        <Compass className="size-10" aria-hidden="true" />
      </span>
      {code ? (
        <>
          <p className="mt-8 font-display text-7xl font-bold text-primary sm:text-8xl">{code}</p>
          <h1 className="mt-4 font-display text-3xl font-bold text-forest-deep sm:text-4xl">
            {title}
          </h1>
        </>
      ) : (
        <h1 className="mt-8 font-display text-4xl font-bold text-forest-deep sm:text-5xl">
          {title}
        </h1>
      )}
      <p className="mt-4 max-w-md text-lg text-muted-foreground">{text}</p>
      <LinkButton href={href} icon={ArrowLeft} size="lg" className="mt-10 rounded-full px-8">
        {linkLabel}
      </LinkButton>
    </section>
  );
}
