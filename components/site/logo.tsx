import Link from "next/link";

import { cn } from "@/lib/utils";

/** The brand mark: a sun over two hills, drawn inline so it needs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      className={cn("size-9 shrink-0 min-[380px]:size-10", className)}
    >
      <rect width="40" height="40" rx="12" fill="var(--forest-deep)" />
      <circle cx="26" cy="15" r="6" fill="var(--savanna)" />
      <path
        d="M4 32c6-9 11-12 16-9s9 1 16-5v14a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4z"
        fill="var(--forest)"
      />
      <path
        d="M4 34c7-5 12-6 18-3s10 1 14-2v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-2z"
        fill="var(--terracotta)"
        opacity=".9"
      />
    </svg>
  );
}

/** The wordmark's two lines, with their colour on a light ('dark' tone) or dark background. */
const WORDMARK = [
  {
    text: "Breathe Uganda",
    // One line at every width: on a phone the header is 64 px high.
    className: "font-display text-base font-bold tracking-tight whitespace-nowrap sm:text-lg",
    dark: "text-forest-deep",
    light: "text-white",
  },
  {
    text: "Feel Africa",
    className: "mt-1 text-[0.68rem] font-medium tracking-[0.14em] uppercase",
    dark: "text-muted-foreground",
    light: "text-white/80",
  },
] as const;

/** Logo linking home. `tone` picks the wordmark colour for light or dark backgrounds. */
export function Logo({
  tone = "dark",
  className,
}: {
  tone?: "dark" | "light";
  className?: string;
}) {
  return (
    <Link
      href="/"
      className={cn(
        "flex items-center gap-2 rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none min-[380px]:gap-2.5",
        className,
      )}
    >
      <LogoMark className={tone === "light" ? "rounded-xl ring-1 ring-white/25" : undefined} />
      <span className="flex flex-col leading-none">
        {WORDMARK.map((line) => (
          <span key={line.text} className={cn(line.className, line[tone])}>
            {line.text}
          </span>
        ))}
      </span>
    </Link>
  );
}
