"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";

import { signOutAction } from "@/actions/accounts";
import { useActionCall } from "@/components/forms/use-action-form";
import { carryToast } from "@/components/site/carried-toast";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Sign Out: ends the session, says 'Signed Out' and goes home. */
export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const { run, pending } = useActionCall(signOutAction, {
    failure: {
      title: "Sign Out Error",
      message: "Something went wrong while signing out. Please try again.",
    },
  });
  const signOut = () =>
    run({}, (state) => {
      if (state.status !== "success") return;
      // Home is another area's document: its page shows the toast again once loaded.
      carryToast(state);
      router.replace("/");
      router.refresh();
    });
  return (
    <Button
      type="button"
      variant="outline"
      onClick={signOut}
      disabled={pending}
      className={cn("bg-card", className)}
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}
