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

import { AdminNav } from "./admin-nav";

/** Below 768 px: the sidebar as an off-canvas drawer (Radix Dialog: focus trapped, Esc closes). */
export function AdminMobileMenu({
  identity,
  counts,
}: {
  identity: React.ReactNode;
  counts?: Partial<Record<string, number>>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="bg-card md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="flex w-[85vw] max-w-xs flex-col gap-0 p-0">
        <SheetHeader className="border-b p-5">
          <SheetTitle className="font-display text-lg text-forest-deep">Admin Panel</SheetTitle>
          <SheetDescription className="sr-only">Sections of the admin area</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto p-4">
          <AdminNav variant="drawer" counts={counts} onNavigate={() => setOpen(false)} />
        </div>
        <div className="border-t p-4" onClick={() => setOpen(false)}>
          {identity}
        </div>
      </SheetContent>
    </Sheet>
  );
}
