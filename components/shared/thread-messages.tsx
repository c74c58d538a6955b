import { formatDayTime } from "@/lib/dates";
import { cn } from "@/lib/utils";

type ThreadMessage = {
  id: string;
  message: string;
  isFromAdmin: boolean;
  createdAt: string;
};

/**
 * A support thread's messages, oldest first, as a conversation: the reader's own messages on
 * the right, the other side's on the left, support's replies always on the secondary tint.
 */
export function ThreadMessages<M extends ThreadMessage>({
  messages,
  reader,
  author,
  marker,
  className,
}: {
  messages: M[];
  /** Whose view this is: staff read their own replies on the right, a customer their own messages. */
  reader: "staff" | "customer";
  author: (m: M) => string;
  /** What follows the time on a message's line, if anything (staff see which are unread). */
  marker?: (m: M) => React.ReactNode;
  /** The list's height bound. */
  className: string;
}) {
  return (
    <ol
      className={cn("grid gap-3 overflow-y-auto pr-1", className)}
      aria-label="Messages in this thread"
    >
      {messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            "max-w-[90%] rounded-2xl border p-3 text-sm",
            m.isFromAdmin === (reader === "staff") ? "justify-self-end" : "justify-self-start",
            m.isFromAdmin ? "border-secondary bg-secondary" : "border-border bg-card",
          )}
        >
          <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
            <span className="font-semibold text-forest-deep">{author(m)}</span>
            <time dateTime={m.createdAt} className="text-muted-foreground">
              {formatDayTime(m.createdAt)}
            </time>
            {marker?.(m)}
          </p>
          <p className="break-words whitespace-pre-line text-foreground">{m.message}</p>
        </li>
      ))}
    </ol>
  );
}
