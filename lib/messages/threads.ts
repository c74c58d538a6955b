/**
 * The support threads between a customer and staff, as both sides show them: messages grouped by
 * thread, and how support's replies are signed.
 */

export type MessageView = {
  id: string;
  threadId: string;
  subject: string;
  message: string;
  isFromAdmin: boolean;
  isRead: boolean;
  createdAt: string;
};

export type ThreadView = {
  threadId: string;
  /** The newest message. */
  summary: MessageView;
  /** Oldest first. */
  messages: MessageView[];
  /** Replies from support not read yet. */
  unread: number;
};

/** Threads by thread_id, newest activity first; each with its newest message as summary. */
export function groupThreads(messages: MessageView[]): ThreadView[] {
  const byThread = new Map<string, MessageView[]>();
  for (const m of messages) {
    const list = byThread.get(m.threadId);
    if (list) list.push(m);
    else byThread.set(m.threadId, [m]);
  }
  const threads = [...byThread.entries()].map(([threadId, list]) => {
    const ordered = [...list].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
    return {
      threadId,
      summary: ordered[ordered.length - 1]!,
      messages: ordered,
      unread: ordered.filter((m) => m.isFromAdmin && !m.isRead).length,
    };
  });
  return threads.sort((a, b) => b.summary.createdAt.localeCompare(a.summary.createdAt));
}

export function messageStats(messages: Pick<MessageView, "isFromAdmin">[]) {
  const fromSupport = messages.filter((m) => m.isFromAdmin).length;
  return { total: messages.length, fromSupport, mine: messages.length - fromSupport };
}

/** How support replies are signed in the customer's view. */
export const SUPPORT_AUTHOR = "Support Team";
