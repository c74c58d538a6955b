"use client";

import { Copy, Send, Trash2 } from "lucide-react";

import {
  removeProposalDayAction,
  removeProposalLineAction,
  sendProposalAction,
  startNewVersionAction,
} from "@/actions/proposals";
import { useActionCall } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";

/** 'Send to traveller': the draft sent and its link mailed. `refusal`: why it cannot be yet. */
export function SendVersionButton({
  versionId,
  refusal,
}: {
  versionId: string;
  refusal: string | null;
}) {
  const { run, pending } = useActionCall(sendProposalAction, {
    failure: { title: "Error", message: "Failed to send the proposal." },
  });
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        disabled={pending || refusal !== null}
        aria-describedby={refusal ? `send-refusal-${versionId}` : undefined}
        onClick={() => run({ versionId })}
      >
        <Send aria-hidden="true" />
        {pending ? "Sending..." : "Send to traveller"}
      </Button>
      {refusal ? (
        <p id={`send-refusal-${versionId}`} className="text-xs text-muted-foreground">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** 'Make a new version': a draft copying the sent version's days and lines. */
export function NewVersionButton({ versionId }: { versionId: string }) {
  const { run, pending } = useActionCall(startNewVersionAction, {
    failure: { title: "Error", message: "Failed to make a new version." },
  });
  return (
    <Button type="button" variant="outline" disabled={pending} onClick={() => run({ versionId })}>
      <Copy aria-hidden="true" />
      {pending ? "Copying..." : "Make a new version"}
    </Button>
  );
}

/** Remove a day (with its lines) or a line of a draft. */
export function RemoveButton({
  what,
  input,
  label,
}: {
  what: "day" | "line";
  input: Record<string, string>;
  /** For screen readers: which day or line. */
  label: string;
}) {
  const { run, pending } = useActionCall(
    what === "day" ? removeProposalDayAction : removeProposalLineAction,
    { failure: { title: "Error", message: `Failed to remove the ${what}.` } },
  );
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={pending}
      onClick={() => run(input)}
      className="text-red-800 hover:text-red-900"
    >
      <Trash2 aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Remove</span>
      <span className="sr-only"> {label}</span>
    </Button>
  );
}
