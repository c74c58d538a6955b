import "server-only";

import { getDb } from "@/db";
import { contacts } from "@/db/schema";
import { queueEmail } from "@/lib/email";
import { contactReceived, newContactStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import type { ContactInput } from "@/lib/messages/schemas/contact";

/**
 * Stores a contact message and queues its two mails (to the sender, to staff) in one transaction:
 * the message is never lost to a mail failure, and no mail goes out for a message not saved.
 * Public: anyone may write to the operator (the action rate-limits).
 */
export async function createContact(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        country: input.country,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
      })
      .returning({ id: contacts.id });
    if (!row) throw new Error("contacts insert returned no row");
    await queueEmail({ ...contactReceived(input), to: input.email }, tx);
    await queueEmail({ ...newContactStaff(input), to: env.OPERATOR_EMAIL }, tx);
    return { id: row.id };
  });
}
