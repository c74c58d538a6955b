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

/** The links' two looks: the bar from md, the toggle menu's list below it (`idle`: a link not current). */
const LOOKS = {
  bar: {
    list: "flex items-center gap-1 lg:gap-2",
    link: "relative rounded-full px-3 py-2 text-sm font-medium transition-colors hover:bg-secondary hover:text-forest-deep lg:px-4",
    idle: "text-foreground/80",
  },
  menu: {
    list: "flex flex-col gap-1",
    link: "block rounded-xl px-4 py-3 text-base font-medium hover:bg-secondary",
    idle: "text-foreground/85",
  },
};

/** The list of NAV_ITEMS, the current one marked (aria-current) and highlighted. */
function NavLinks({
  pathname,
  look,
  onNavigate,
}: {
  pathname: string;
  look: keyof typeof LOOKS;
  onNavigate?: () => void;
}) {
  const { list, link, idle } = LOOKS[look];
  return (
    <ul className={list}>
      {NAV_ITEMS.map((item) => {
        const match = navMatch(item.href, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={ariaCurrent(match)}
              onClick={onNavigate}
              className={`${link} ${match ? "bg-secondary text-forest-deep" : idle}`}
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
        <NavLinks pathname={pathname} look="bar" />
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
            <NavLinks pathname={pathname} look="menu" onNavigate={close} />
          </nav>
        )}
      </div>
    </>
  );
}
