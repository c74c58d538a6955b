"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";

import { deleteTourAction } from "@/actions/admin-tours";
import { useActionCall } from "@/components/forms/use-action-form";
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

/** The row's Delete, behind the spec's confirmation (admins only; the action checks it). */
export function DeleteTourButton({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useActionCall(deleteTourAction, {
    failure: {
      title: "Error deleting tour",
      message: "The tour could not be deleted. Please try again.",
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only">Delete {title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="font-display text-xl text-forest-deep">
            Delete {title}?
          </DialogTitle>
          <DialogDescription>
            Are you sure you want to delete the tour? This action cannot be undone. All images and
            data will be permanently removed.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={pending}
            onClick={() =>
              run({ id }, (state) => {
                if (state.status === "success") setOpen(false);
              })
            }
          >
            {pending ? "Deleting..." : "Delete Tour"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
