"use client";

import { useRouter } from "next/navigation";

import { setSubscriberStatusAction } from "@/actions/newsletter";
import { useActionCall } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";

/** Deactivate or Reactivate one subscriber. */
export function SubscriberStatusButton({
  id,
  email,
  isActive,
}: {
  id: string;
  email: string;
  isActive: boolean;
}) {
  const router = useRouter();
  const call = useActionCall(setSubscriberStatusAction, {
    failure: {
      title: "Update Failed",
      message: "Failed to update the subscriber. Please try again.",
    },
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={call.pending}
      onClick={() =>
        call.run({ id, active: String(!isActive) }, (state) => {
          if (state.status === "success") router.refresh();
        })
      }
    >
      {isActive ? "Deactivate" : "Reactivate"}
      <span className="sr-only"> {email}</span>
    </Button>
  );
}
