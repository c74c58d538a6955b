"use client";

import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";

/**
 * The house side panel (Radix Dialog: focus trapped, Esc closes): an optional trigger, then a
 * titled and described panel from `side` with what stands under the title (`header`) and its body.
 */
export function SheetShell({
  open,
  onOpenChange,
  trigger,
  side,
  className,
  headerClassName,
  title,
  titleClassName,
  description,
  descriptionClassName,
  header,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactNode;
  side?: "left" | "right";
  className: string;
  headerClassName?: string;
  title: React.ReactNode;
  titleClassName: string;
  description: React.ReactNode;
  descriptionClassName?: string;
  header?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      {trigger ? <SheetTrigger asChild>{trigger}</SheetTrigger> : null}
      <SheetContent side={side} className={className}>
        <SheetHeader className={headerClassName}>
          <SheetTitle className={titleClassName}>{title}</SheetTitle>
          <SheetDescription className={descriptionClassName}>{description}</SheetDescription>
          {header}
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
