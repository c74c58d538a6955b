"use client";

import { Menu } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";

import { CustomerNav } from "./customer-nav";

/** Below md: the sidebar (account, sections) and the header buttons in a drawer. */
export function MobileMenu({
  unread,
  account,
  actions,
}: {
  unread: number;
  account: React.ReactNode;
  actions: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative bg-card md:hidden"
          aria-label="Open account menu"
        >
          <Menu aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="absolute top-1.5 right-1.5 size-2 rounded-full bg-terracotta"
              aria-hidden="true"
            />
          ) : null}
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-[85vw] max-w-xs overflow-y-auto p-0">
        <SheetHeader className="border-b p-5">
          <SheetTitle className="sr-only">Account menu</SheetTitle>
          <SheetDescription className="sr-only">Sections of your account</SheetDescription>
          {account}
        </SheetHeader>
        <div className="grid gap-4 p-4">
          <CustomerNav unread={unread} onNavigate={() => setOpen(false)} prefetch={false} />
          <Separator />
          {actions}
        </div>
      </SheetContent>
    </Sheet>
  );
}
