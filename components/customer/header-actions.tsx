import { Compass, Plus, ShieldCheck } from "@/components/icons";
import { LinkButton } from "@/components/site/link-button";
import { cn } from "@/lib/utils";

import { SignOutButton } from "./sign-out-button";

/** Browse Tours, New Trip, Admin (staff only) and Sign Out. */
export function HeaderActions({ isAdmin, className }: { isAdmin: boolean; className?: string }) {
  return (
    <div className={cn("flex gap-2", className)}>
      <LinkButton href="/" icon={Compass} variant="ghost">
        Browse Tours
      </LinkButton>
      <LinkButton href="/booking" icon={Plus}>
        New Trip
      </LinkButton>
      {isAdmin ? (
        <LinkButton href="/admin" icon={ShieldCheck} variant="secondary">
          Admin
        </LinkButton>
      ) : null}
      <SignOutButton />
    </div>
  );
}
