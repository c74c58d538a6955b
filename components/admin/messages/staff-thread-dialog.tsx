"use client";

import { CheckCheck, Send } from "lucide-react";
import { formatDayTime } from "@/lib/dates";
import { SUPPORT_AUTHOR } from "@/lib/messages";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

import {
  markCustomerThreadReadAction,
  replyToCustomerThreadAction,
} from "@/actions/admin-messages";
import { Form, SubmitButton, TextareaField } from "@/components/forms/form-field";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { StaffThread } from "@/lib/dal/admin-messages";
import { cn } from "@/lib/utils";
import { type StaffReplyFormValues, staffReplySchema } from "@/lib/validations/admin-messages";
import { LIMITS } from "@/lib/validations/fields";

/**
 * A customer thread for staff, opened from the list by its URL (?thread=id): the whole
 * conversation oldest first, a reply box, and Mark as Read. Closing it removes ?thread.
 */
export function StaffThreadDialog({ thread }: { thread: StaffThread }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const unread = thread.messages.some((m) => !m.isFromAdmin && !m.isRead);

  const close = () => {
    const next = new URLSearchParams(params.toString());
    next.delete("thread");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const markRead = useActionCall(markCustomerThreadReadAction, {
    failure: { title: "Error", message: "Please try again." },
  });
  const { form, submit } = useActionForm<StaffReplyFormValues>({
    schema: staffReplySchema,
    action: replyToCustomerThreadAction,
    defaultValues: { threadId: thread.threadId, message: "" },
    failure: { title: "Send Failed", message: "Failed to send your reply. Please try again." },
    onSuccess: (_state, f) => {
      f.reset({ threadId: thread.threadId, message: "" });
      router.refresh();
    },
  });

  return (
    <Dialog defaultOpen onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6 font-display text-xl break-words text-forest-deep">
            {thread.subject}
          </DialogTitle>
          <DialogDescription className="break-words">
            {thread.customerName ? `${thread.customerName} · ` : ""}
            {thread.customerEmail} · {thread.messages.length}{" "}
            {thread.messages.length === 1 ? "message" : "messages"}
          </DialogDescription>
        </DialogHeader>
        <ol
          className="grid max-h-[45dvh] gap-3 overflow-y-auto pr-1"
          aria-label="Messages in this thread"
        >
          {thread.messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                "max-w-[90%] rounded-2xl border p-3 text-sm",
                m.isFromAdmin
                  ? "justify-self-end border-secondary bg-secondary"
                  : "justify-self-start border-border bg-card",
              )}
            >
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-semibold text-forest-deep">
                  {m.isFromAdmin
                    ? `${SUPPORT_AUTHOR}${m.authorName ? ` (${m.authorName})` : ""}`
                    : (thread.customerName ?? thread.customerEmail)}
                </span>
                <time dateTime={m.createdAt} className="text-muted-foreground">
                  {formatDayTime(m.createdAt)}
                </time>
                {!m.isFromAdmin && !m.isRead ? (
                  <span className="font-semibold text-primary">Unread</span>
                ) : null}
              </p>
              <p className="break-words whitespace-pre-line text-foreground">{m.message}</p>
            </li>
          ))}
        </ol>
        <Form
          form={form}
          onSubmit={submit}
          idPrefix={`staff-reply-${thread.threadId}`}
          className="grid gap-2 border-t pt-4"
        >
          <TextareaField
            name="message"
            id={`staff-reply-${thread.threadId}`}
            label="Reply to customer"
            maxLength={LIMITS.message}
            rows={4}
            placeholder="Write your reply… The customer is emailed and sees it under Messages."
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            {unread ? (
              <Button
                type="button"
                variant="outline"
                className="bg-card"
                disabled={markRead.pending}
                onClick={() =>
                  markRead.run({ threadId: thread.threadId }, (state) => {
                    if (state.status === "success") router.refresh();
                  })
                }
              >
                <CheckCheck aria-hidden="true" />
                Mark as Read
              </Button>
            ) : null}
            <SubmitButton pendingLabel="Sending...">
              <Send aria-hidden="true" />
              Send Reply
            </SubmitButton>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
