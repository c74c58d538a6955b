import type { Metadata } from "next";
import { Suspense } from "react";

import { MessagesBoard, MessagesBoardSkeleton } from "@/components/customer/messages-board";
import { NewMessageDialog } from "@/components/customer/new-message-dialog";
import { Screen } from "@/components/shared/page-header";

export const metadata: Metadata = { title: "Messages" };

export default function CustomerMessagesPage() {
  return (
    <Screen
      title="Messages"
      description="Questions about a trip? Our support team replies within 24 hours."
      actions={<NewMessageDialog />}
    >
      <Suspense fallback={<MessagesBoardSkeleton />}>
        <MessagesBoard />
      </Suspense>
    </Screen>
  );
}
