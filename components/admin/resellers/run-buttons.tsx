"use client";

import { useState } from "react";

import { type FormAction, useActionCall } from "@/components/forms/use-action-form";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/action-state";

/**
 * A small button that runs an action at once with `input`: the answer's toast (a failed request
 * says `failure`, titled 'Error'), `then` with the answer, and no second click while it runs.
 */
export function RunButton({
  action,
  input,
  failure,
  then,
  variant,
  className,
  children,
}: {
  action: FormAction;
  input: Record<string, unknown>;
  failure: string;
  then?: (state: ActionState) => void;
  variant: "outline" | "ghost";
  className?: string;
  children: React.ReactNode;
}) {
  const { run, pending } = useActionCall(action, { failure: { title: "Error", message: failure } });
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      className={className}
      disabled={pending}
      onClick={() => run(input, then)}
    >
      {children}
    </Button>
  );
}

/**
 * A destructive step behind a confirmation: `children` label the small red trigger, and the
 * dialog closes once the action succeeded (a refusal leaves it open under its toast).
 */
export function ConfirmRunButton({
  action,
  input,
  failure,
  title,
  description,
  confirmLabel,
  pendingLabel,
  children,
}: {
  action: FormAction;
  input: Record<string, unknown>;
  /** What a failed request says (titled 'Error'). */
  failure: string;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useActionCall(action, { failure: { title: "Error", message: failure } });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-destructive">
          {children}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      onConfirm={() =>
        run(input, (state) => {
          if (state.status === "success") setOpen(false);
        })
      }
    />
  );
}
