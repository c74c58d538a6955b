"use client";

import { Menu } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";

/**
 * An area's sections on a phone: a menu button that opens the sidebar as an off-canvas drawer
 * from the left (Radix Dialog: focus trapped, Esc closes). `children` gets `close`, for the
 * links that navigate away.
 */
export function MenuDrawer({
  label,
  triggerClassName,
  dot,
  className,
  title,
  titleClassName,
  description,
  header,
  children,
}: {
  /** The menu button's accessible name. */
  label: string;
  triggerClassName: string;
  /** A mark on the menu button (unread items inside). */
  dot?: React.ReactNode;
  className: string;
  title: string;
  titleClassName: string;
  /** For screen readers: what the drawer holds. */
  description: string;
  /** Shown under the title. */
  header?: React.ReactNode;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className={triggerClassName} aria-label={label}>
          <Menu aria-hidden="true" />
          {dot}
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className={className}>
        <SheetHeader className="border-b p-5">
          <SheetTitle className={titleClassName}>{title}</SheetTitle>
          <SheetDescription className="sr-only">{description}</SheetDescription>
          {header}
        </SheetHeader>
        {children(() => setOpen(false))}
      </SheetContent>
    </Sheet>
  );
}
