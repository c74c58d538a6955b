"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";

import { signOutAction } from "@/actions/auth";
import { Button } from "@/components/ui/button";
import { idleState } from "@/lib/action-state";
import { cn } from "@/lib/utils";

/** Sign Out: ends the session, says 'Signed Out' and goes home. */
export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const signOut = () =>
    startTransition(async () => {
      try {
        const state = await signOutAction(idleState, {});
        if (state.status !== "success") {
          toast.error("Sign Out Error", {
            description: state.status === "error" ? state.message : undefined,
          });
          return;
        }
        toast.success("Signed Out");
        router.replace("/");
        router.refresh();
      } catch {
        toast.error("Sign Out Error");
      }
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
