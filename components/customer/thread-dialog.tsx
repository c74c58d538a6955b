"use client";

import { Send } from "lucide-react";
import { formatDayTime } from "@/lib/dates";
import { SUPPORT_AUTHOR, type ThreadView } from "@/lib/messages";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { markThreadReadAction, replyToThreadAction } from "@/actions/customer";
import { Form, SubmitButton, TextareaField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { type ReplyFormValues, replySchema } from "@/lib/validations/customer";
import { LIMITS } from "@/lib/validations/fields";

/** View Thread: the conversation, oldest first; opening it marks support replies read. */
export function ThreadDialog({ thread }: { thread: ThreadView }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // Marking read is best effort: the thread still shows, so no toast either way.
  const markRead = useActionCall(markThreadReadAction, {
    failure: { title: "Error", message: "Please try again." },
    quiet: true,
  });
  const { form, submit } = useActionForm<ReplyFormValues>({
    schema: replySchema,
    action: replyToThreadAction,
    defaultValues: { threadId: thread.threadId, message: "" },
    failure: { title: "Send Failed", message: "Failed to send your message. Please try again." },
    invalidToast: { title: "Missing Information", message: "Please write a message." },
    onSuccess: (_state, f) => f.reset({ threadId: thread.threadId, message: "" }),
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && thread.unread > 0) {
      markRead.run({ threadId: thread.threadId }, (state) => {
        if (state.status === "success") router.refresh();
      });
    }
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
        <Form
          form={form}
          onSubmit={submit}
          idPrefix={`reply-${thread.threadId}`}
          className="grid gap-2 border-t pt-4"
        >
          <TextareaField
            name="message"
            id={`reply-${thread.threadId}`}
            label="Reply"
            maxLength={LIMITS.message}
            rows={3}
            placeholder="Write your reply…"
          />
          <SubmitButton pendingLabel="Sending..." className="justify-self-end">
            <Send aria-hidden="true" />
            Send Reply
          </SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
