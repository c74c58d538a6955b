"use client";

import { Menu } from "lucide-react";
import { useState } from "react";

import { SheetShell } from "@/components/shared/sheet-shell";
import { Button } from "@/components/ui/button";

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
    <SheetShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="icon" className={triggerClassName} aria-label={label}>
          <Menu aria-hidden="true" />
          {dot}
        </Button>
      }
      side="left"
      className={className}
      headerClassName="border-b p-5"
      title={title}
      titleClassName={titleClassName}
      description={description}
      descriptionClassName="sr-only"
      header={header}
    >
      {children(() => setOpen(false))}
    </SheetShell>
  );
}
