"use client";

import { Button } from "@/components/ui/button";

import { DialogShell } from "./dialog-shell";

/**
 * A destructive step behind a confirmation: Cancel, and the confirm button that reads
 * `pendingLabel` while the step runs. Neither button nor closing works while it runs.
 * Apart from dialog-shell.tsx, which the public stylesheet reads: only staff screens confirm a
 * destructive step, so the public pages carry none of this dialog's classes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      trigger={trigger}
      title={title}
      description={description}
      className="sm:max-w-md"
      footer={
        <>
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={pending}
          >
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
