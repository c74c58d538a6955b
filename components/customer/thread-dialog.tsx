"use client";

import { Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { markThreadReadAction, replyToThreadAction } from "@/actions/customer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { idleState } from "@/lib/action-state";
import { formatDayTime, SUPPORT_AUTHOR, type ThreadView } from "@/lib/customer";
import { cn } from "@/lib/utils";
import { LIMITS } from "@/lib/validations/fields";

import { toastResult } from "./action-feedback";

/** View Thread: the conversation, oldest first; opening it marks support replies read. */
export function ThreadDialog({ thread }: { thread: ThreadView }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState("");
  const [pending, startTransition] = useTransition();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && thread.unread > 0) {
      startTransition(async () => {
        try {
          const state = await markThreadReadAction(idleState, { threadId: thread.threadId });
          if (state.status === "success") router.refresh();
        } catch {
          // Marking read is best effort: the thread still shows.
        }
      });
    }
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) {
      toast.error("Missing Information", { description: "Please write a message." });
      return;
    }
    startTransition(async () => {
      try {
        const state = await replyToThreadAction(idleState, {
          threadId: thread.threadId,
          message: reply,
        });
        toastResult(state, "Send Failed");
        if (state.status === "success") setReply("");
      } catch {
        toast.error("Send Failed", {
          description: "Failed to send your message. Please try again.",
        });
      }
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="bg-card">
          View Thread
          <span className="sr-only">: {thread.summary.subject}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6 font-display text-xl break-words text-forest-deep">
            {thread.summary.subject}
          </DialogTitle>
          <DialogDescription>
            {thread.messages.length} {thread.messages.length === 1 ? "message" : "messages"}
          </DialogDescription>
        </DialogHeader>
        <ol
          className="grid max-h-[50dvh] gap-3 overflow-y-auto pr-1"
          aria-label="Messages in this thread"
        >
          {thread.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                "max-w-[90%] rounded-2xl border p-3 text-sm",
                m.isFromAdmin
                  ? "justify-self-start border-secondary bg-secondary"
                  : "justify-self-end border-border bg-card",
              )}
            >
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-semibold text-forest-deep">
                  {m.isFromAdmin ? SUPPORT_AUTHOR : "You"}
                </span>
                <time dateTime={m.createdAt} className="text-muted-foreground">
                  {formatDayTime(m.createdAt)}
                </time>
              </p>
              <p className="break-words whitespace-pre-line text-foreground">{m.message}</p>
            </li>
          ))}
        </ol>
        <form noValidate onSubmit={send} className="grid gap-2 border-t pt-4" aria-busy={pending}>
          <Label htmlFor={`reply-${thread.threadId}`}>Reply</Label>
          <Textarea
            id={`reply-${thread.threadId}`}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            maxLength={LIMITS.message}
            rows={3}
            placeholder="Write your reply…"
            className="field-sizing-fixed resize-y"
          />
          <Button type="submit" disabled={pending} className="justify-self-end">
            <Send aria-hidden="true" />
            {pending ? "Sending..." : "Send Reply"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
