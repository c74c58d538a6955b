import Link from "next/link";

import { Compass, Plus, ShieldCheck } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { SignOutButton } from "./sign-out-button";

/** Browse Tours, New Trip, Admin (staff only) and Sign Out. */
export function HeaderActions({ isAdmin, className }: { isAdmin: boolean; className?: string }) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button asChild variant="ghost">
        <Link href="/">
          <Compass aria-hidden="true" />
          Browse Tours
        </Link>
      </Button>
      <Button asChild>
        <Link href="/booking">
          <Plus aria-hidden="true" />
          New Trip
        </Link>
      </Button>
      {isAdmin ? (
        <Button asChild variant="secondary">
          <Link href="/admin">
            <ShieldCheck aria-hidden="true" />
            Admin
          </Link>
        </Button>
      ) : null}
      <SignOutButton />
    </div>
  );
}
