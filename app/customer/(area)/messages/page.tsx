import type { Metadata } from "next";
import { Suspense } from "react";

import { MessagesBoard, MessagesBoardSkeleton } from "@/components/customer/messages-board";
import { NewMessageDialog } from "@/components/customer/new-message-dialog";
import { PageHeader } from "@/components/shared/page-header";

export const metadata: Metadata = { title: "Messages" };

export default function CustomerMessagesPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Messages"
        description="Questions about a trip? Our support team replies within 24 hours."
      >
        <NewMessageDialog />
      </PageHeader>
      <Suspense fallback={<MessagesBoardSkeleton />}>
        <MessagesBoard />
      </Suspense>
    </div>
  );
}
