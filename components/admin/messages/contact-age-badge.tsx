import { Badge } from "@/components/ui/badge";
import type { ContactAgeBadge as Label } from "@/lib/admin-messages";

const STYLES: Record<Label, string> = {
  New: "border-transparent bg-sky-100 text-sky-900",
  Recent: "border-transparent bg-amber-100 text-amber-900",
  Read: "border-transparent bg-stone-200 text-stone-800",
};

/** A contact message's status, from its age (A70). */
export function ContactAgeBadge({ label }: { label: Label }) {
  return (
    <Badge variant="outline" className={STYLES[label]}>
      {label}
    </Badge>
  );
}
