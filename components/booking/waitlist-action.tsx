import { LazyJoinWaitlistButton } from "@/components/departures/lazy-join-waitlist-button";

/**
 * What a full departure offers instead of Book, on the tour page and in both wizards: joining
 * its waitlist. The dialog's code loads on first use (an island), so a page that shows a full
 * date pays for the button's HTML alone.
 */
export function WaitlistAction(props: {
  departureId: string;
  tourTitle: string;
  dateText: string;
}) {
  return <LazyJoinWaitlistButton {...props} />;
}
