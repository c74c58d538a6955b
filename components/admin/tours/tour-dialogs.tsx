"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import type { AdminTourDetail } from "@/lib/tours/data/manage";

import { TourDialog } from "./tour-dialog";

/** 'Add New Tour' and its dialog. */
export function AddTourButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add New Tour
      </Button>
      {open ? <TourDialog open onOpenChange={setOpen} /> : null}
    </>
  );
}

/** The Edit dialog, opened by ?edit=<id>; closing it goes back to the list's address. */
export function EditTourDialog({ tour, closeHref }: { tour: AdminTourDetail; closeHref: string }) {
  const [open, setOpen] = useState(true);
  const router = useRouter();
  return (
    <TourDialog
      tour={tour}
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setOpen(false);
        router.replace(closeHref, { scroll: false });
      }}
    />
  );
}
