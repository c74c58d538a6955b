"use client";

import { CheckCheck } from "lucide-react";
import { SUPPORT_AUTHOR } from "@/lib/messages/threads";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

import { markCustomerThreadReadAction, replyToCustomerThreadAction } from "@/actions/messages";
import { Form, TextareaField } from "@/components/forms/form-field";
import { SendButton } from "@/components/forms/send-button";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { DialogShell } from "@/components/shared/dialog-shell";
import { ThreadMessages } from "@/components/shared/thread-messages";
import { Button } from "@/components/ui/button";
import type { StaffThread } from "@/lib/messages/data/staff-inbox";
import { type StaffReplyFormValues, staffReplySchema } from "@/lib/messages/schemas/threads";
import { LIMITS } from "@/lib/fields";

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
    <DialogShell
      defaultOpen
      onClose={close}
      className="sm:max-w-2xl"
      titleClassName="pr-6 break-words"
      title={thread.subject}
      descriptionClassName="break-words"
      description={
        <>
          {thread.customerName ? `${thread.customerName} · ` : ""}
          {thread.customerEmail} · {thread.messages.length}{" "}
          {thread.messages.length === 1 ? "message" : "messages"}
        </>
      }
    >
      <ThreadMessages
        messages={thread.messages}
        reader="staff"
        author={(m) =>
          m.isFromAdmin
            ? `${SUPPORT_AUTHOR}${m.authorName ? ` (${m.authorName})` : ""}`
            : (thread.customerName ?? thread.customerEmail)
        }
        marker={(m) =>
          !m.isFromAdmin && !m.isRead ? (
            <span className="font-semibold text-primary">Unread</span>
          ) : null
        }
        className="max-h-[45dvh]"
      />
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
          <SendButton>Send Reply</SendButton>
        </div>
      </Form>
    </DialogShell>
  );
}
