"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";

import { adminSignOutAction } from "@/actions/accounts";
import { useActionCall } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";

/** Logout: ends the session, says 'Logged Out' and goes to /admin/login. */
export function LogoutButton() {
  const router = useRouter();
  const { run, pending } = useActionCall(adminSignOutAction, {
    failure: { title: "Logout Error", message: "An error occurred during logout" },
  });
  const logout = () =>
    run({}, (state) => {
      if (state.status !== "success") return;
      router.replace("/admin/login");
      router.refresh();
    });
  return (
    <Button type="button" variant="outline" onClick={logout} disabled={pending} className="bg-card">
      <LogOut aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Logout</span>
    </Button>
  );
}
