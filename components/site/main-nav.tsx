"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

import { Menu, X } from "@/components/icons";

import { CHROME_CLASSES } from "./chrome-classes";
import { NAV_ITEMS, navMatch } from "./nav-items";

// No Button and no cn here: this component is in every public page's JavaScript, and both bring
// tailwind-merge (chrome-classes.ts).

function ariaCurrent(match: ReturnType<typeof navMatch>) {
  if (match === "page") return "page" as const;
  if (match === "section") return "true" as const;
  return undefined;
}

/** The list of NAV_ITEMS, the current one marked (aria-current) and highlighted. */
function NavLinks({
  pathname,
  className,
  linkClassName,
  textClassName,
  onNavigate,
}: {
  pathname: string;
  className: string;
  linkClassName: string;
  /** The text colour of the links that are not current. */
  textClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => {
        const match = navMatch(item.href, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={ariaCurrent(match)}
              onClick={onNavigate}
              className={`${linkClassName} ${match ? "bg-secondary text-forest-deep" : textClassName}`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Navigation links with the current route highlighted, and the toggle menu below md. */
export function MainNav() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
  }

  // Escape closes the open menu and returns focus to the toggle.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <>
      <nav aria-label="Main" className="hidden md:block">
        <NavLinks
          pathname={pathname}
          className="flex items-center gap-1 lg:gap-2"
          linkClassName="relative rounded-full px-3 py-2 text-sm font-medium transition-colors hover:bg-secondary hover:text-forest-deep lg:px-4"
          textClassName="text-foreground/80"
        />
      </nav>

      <div className="flex items-center gap-2">
        <Link
          href="/booking"
          onClick={close}
          data-slot="button"
          data-variant="accent"
          className={CHROME_CLASSES.bookNow}
        >
          Book Now
        </Link>
        <button
          ref={toggleRef}
          type="button"
          data-slot="button"
          data-variant="ghost"
          data-size="icon-lg"
          className={CHROME_CLASSES.menuToggle}
          aria-label="Toggle menu"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-6" /> : <Menu className="size-6" />}
        </button>
      </div>

      {/* The menu's links exist only while it is open: every page would otherwise hydrate (and
          a phone pay for) a second set of links that most visits never show. */}
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b bg-background shadow-lg md:hidden"
      >
        {open && (
          <nav aria-label="Mobile" className="container-page py-4">
            <NavLinks
              pathname={pathname}
              className="flex flex-col gap-1"
              linkClassName="block rounded-xl px-4 py-3 text-base font-medium hover:bg-secondary"
              textClassName="text-foreground/85"
              onNavigate={close}
            />
          </nav>
        )}
      </div>
    </>
  );
}
