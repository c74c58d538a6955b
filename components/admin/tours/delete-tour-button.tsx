"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";

import { deleteTourAction } from "@/actions/tours";
import { useActionCall } from "@/components/forms/use-action-form";
import { ConfirmDialog } from "@/components/shared/confirm-dialog";
import { Button } from "@/components/ui/button";

/** The row's Delete, behind a confirmation dialog (admins only; the action checks it). */
export function DeleteTourButton({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useActionCall(deleteTourAction, {
    failure: {
      title: "Error deleting tour",
      message: "The tour could not be deleted. Please try again.",
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only">Delete {title}</span>
        </Button>
      }
      title={`Delete ${title}?`}
      description="Are you sure you want to delete the tour? This action cannot be undone. All images and data will be permanently removed."
      confirmLabel="Delete Tour"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={() =>
        run({ id }, (state) => {
          if (state.status === "success") setOpen(false);
        })
      }
    />
  );
}
