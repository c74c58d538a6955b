import { Check } from "@/components/icons";

/** 'Guaranteed' beside a departure whose minimum group is booked (it will run). */
export function GuaranteedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      <Check className="size-3" aria-hidden="true" />
      Guaranteed
    </span>
  );
}
