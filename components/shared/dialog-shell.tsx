"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

/**
 * The house dialog (admin area, customer area and site): an optional trigger, then a titled and
 * described panel with its body and, where given, a row of actions at the foot. A dialog whose
 * actions submit a form keeps its own footer inside that form, so it passes none here.
 */
export function DialogShell({
  open,
  defaultOpen,
  onOpenChange,
  onClose,
  trigger,
  title,
  description,
  tone = "brand",
  className,
  titleClassName,
  descriptionClassName,
  footer,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called when it closes (Esc, the close button, a click outside, a Cancel that closes it). */
  onClose?: () => void;
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  /** `brand`: the display face of the admin and customer areas; `plain`: the kit's own title. */
  tone?: "brand" | "plain";
  className?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  footer?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Dialog
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onClose?.();
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle
            className={cn(
              tone === "brand" && "font-display text-xl text-forest-deep",
              titleClassName,
            )}
          >
            {title}
          </DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A row's button that opens its dialog (View Details, View Thread, View Full): the visible label,
 * and for screen readers which row it opens. Radix's trigger gives it its props and ref.
 */
export function ViewButton({
  label,
  which,
  ...props
}: React.ComponentProps<"button"> & { label: string; which: React.ReactNode }) {
  return (
    <Button variant="outline" size="sm" className="bg-card" {...props}>
      {label}
      <span className="sr-only">{which}</span>
    </Button>
  );
}

/** The foot of a dialog's form: Cancel (`onCancel` closes the dialog), then its submit button. */
export function FormDialogFooter({
  onCancel,
  className,
  children,
}: {
  onCancel: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </DialogFooter>
  );
}
