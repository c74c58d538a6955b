import { Clock, Mail } from "@/components/icons";
import { PayCard } from "@/components/pay/pay-card";
import { LinkButton } from "@/components/site/link-button";

/** A forged, altered or expired proposal link: what to do, never an error page. */
export function ProposalLinkExpired() {
  return (
    <PayCard title="This proposal link has expired" mark={{ icon: Clock, tone: "waiting" }}>
      <p className="mt-4 text-muted-foreground">
        The link may be old, or cut short by your email program. Your safari proposal is safe with
        us: reply to our email or contact us and we will send you a fresh link.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LinkButton href="/contact" icon={Mail} size="lg">
          Contact Us
        </LinkButton>
      </div>
    </PayCard>
  );
}
