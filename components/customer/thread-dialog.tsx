"use client";

import { SUPPORT_AUTHOR, type ThreadView } from "@/lib/messages/threads";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { markThreadReadAction, replyToThreadAction } from "@/actions/messages";
import { Form, TextareaField } from "@/components/forms/form-field";
import { SendButton } from "@/components/forms/send-button";
import { useActionCall, useActionForm } from "@/components/forms/use-action-form";
import { DialogShell, ViewButton } from "@/components/shared/dialog-shell";
import { ThreadMessages } from "@/components/shared/thread-messages";
import { type ReplyFormValues, replySchema } from "@/lib/messages/schemas/threads";
import { LIMITS } from "@/lib/fields";

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
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      trigger={<ViewButton label="View Thread" which={`: ${thread.summary.subject}`} />}
      className="sm:max-w-2xl"
      titleClassName="pr-6 break-words"
      title={thread.summary.subject}
      description={`${thread.messages.length} ${thread.messages.length === 1 ? "message" : "messages"}`}
    >
      <ThreadMessages
        messages={thread.messages}
        reader="customer"
        author={(m) => (m.isFromAdmin ? SUPPORT_AUTHOR : "You")}
        className="max-h-[50dvh]"
      />
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
        <SendButton className="justify-self-end">Send Reply</SendButton>
      </Form>
    </DialogShell>
  );
}
