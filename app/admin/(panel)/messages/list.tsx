import { notFound } from "next/navigation";

import { ContactsTable } from "@/components/admin/messages/contacts-table";
import { StaffThreadDialog } from "@/components/admin/messages/staff-thread-dialog";
import { ThreadsList } from "@/components/admin/messages/threads-list";
import type { MessagesQuery } from "@/lib/messages/list-query";
import {
  getThreadForStaff,
  listContactsForStaff,
  listThreadsForStaff,
} from "@/lib/messages/data/staff-inbox";
import { emptyPage } from "@/lib/list-query";
import { loggedRead } from "@/lib/logged-read";

/** One page of contact messages; a failed read is logged and the list shows as empty. */
export async function ContactsList({ query }: { query: MessagesQuery }) {
  const result = await loggedRead(
    "admin contacts",
    () => listContactsForStaff({ q: query.q, page: query.page }),
    emptyPage(),
  );
  return <ContactsTable query={query} result={result} />;
}

/** One page of customer threads; a failed read is logged and the list shows as empty. */
export async function CustomerThreadsList({ query }: { query: MessagesQuery }) {
  const result = await loggedRead(
    "admin customer threads",
    () => listThreadsForStaff({ page: query.page }),
    emptyPage(),
  );
  return <ThreadsList query={query} result={result} />;
}

/** ?thread=<id> opens one customer thread; an unknown id is not found. */
export async function ThreadDeepLink({ id }: { id: string }) {
  const thread = await getThreadForStaff(id);
  if (!thread) notFound();
  return <StaffThreadDialog key={`${thread.threadId}:${thread.messages.length}`} thread={thread} />;
}
