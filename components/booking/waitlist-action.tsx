import Link from "next/link";

/**
 * What a full departure offers instead of Book, on the tour page and in both wizards: joining
 * its waitlist. Until the waitlist dialog (components/departures/join-waitlist-dialog.tsx) is
 * in, a plain link to the team.
 */
export function WaitlistAction({
  tourTitle,
  dateText,
}: {
  departureId: string;
  tourTitle: string;
  dateText: string;
}) {
  return (
    <Link
      href="/contact"
      prefetch={false}
      className="inline-flex h-9 items-center rounded-full border border-primary/40 px-4 text-sm font-semibold text-primary hover:bg-secondary"
    >
      Join the waitlist
      <span className="sr-only">{` for ${tourTitle}, ${dateText}`}</span>
    </Link>
  );
}
