import Link from "next/link";

import { ArrowLeft } from "@/components/icons";
import { Logo } from "@/components/site/logo";

/** The frame of the sign-in pages: logo, a card, and Back to Home. */
export function AuthShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <main
      id="main-content"
      className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(circle_at_top,var(--savanna-soft),transparent_60%)] px-4 py-10"
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <section
          aria-labelledby="auth-title"
          className="rounded-2xl border border-border/70 bg-card p-6 shadow-sm sm:p-8"
        >
          <header className="mb-6 text-center">
            <h1
              id="auth-title"
              className="font-display text-2xl font-bold text-forest-deep sm:text-3xl"
            >
              {title}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          </header>
          {children}
        </section>
        <p className="mt-6 text-center">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </p>
      </div>
    </main>
  );
}
