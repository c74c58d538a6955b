import { Store } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";

import { AdminMobileMenu } from "./admin-mobile-menu";
import { LogoutButton } from "./logout-button";
import type { AdminChromeProps } from "./nav-items";

/** The top bar: the phone menu, the area's name, Customer View (to /customer) and Logout. */
export function AdminHeader({ identity, counts, role }: AdminChromeProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <AdminMobileMenu identity={identity} counts={counts} role={role} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-base font-bold text-forest-deep sm:text-lg">
            Breathe Uganda{" "}
            <span className="font-sans text-sm font-medium text-muted-foreground">Admin</span>
          </p>
        </div>
        <Button asChild variant="outline" className="bg-card">
          <Link href="/customer">
            <Store aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Customer View</span>
          </Link>
        </Button>
        <LogoutButton />
      </div>
    </header>
  );
}
