import { StatusBadge, type Tone } from "@/components/shared/status-badge";
import type { ContactAgeBadge as Label } from "@/lib/messages/list-query";

const TONES: Record<Label, Tone> = { New: "new", Recent: "waiting", Read: "done" };

/** A contact message's status, from its age. */
export function ContactAgeBadge({ label }: { label: Label }) {
  return <StatusBadge tone={TONES[label]}>{label}</StatusBadge>;
}
