import Link from "next/link";

import { LazyFaqAccordion } from "./lazy-faq-accordion";

type Faq = { question: string; answer: React.ReactNode; text: string };

const FAQS: Faq[] = [
  {
    question: "When is the best time to visit Uganda?",
    text: "Uganda is a year-round destination. The dry seasons, June to September and December to February, are best for gorilla trekking and game drives. The rainy months (March to May and October to November) are greener and quieter, with lower lodge rates, and birding is at its best from November to April.",
    answer: null,
  },
  {
    question: "How do I get a gorilla trekking permit?",
    text: "Permits are issued by the Uganda Wildlife Authority and only a few are available for each gorilla family every day, so we recommend booking three to six months ahead. Once your booking is confirmed, we reserve the permit in your name and include it in your tour documents.",
    answer: null,
  },
  {
    question: "Do I need a visa to visit Uganda?",
    text: "Most visitors need a visa, applied for online through Uganda's official e-visa portal before you travel. The East Africa Tourist Visa also covers Kenya and Rwanda. Your passport must be valid for at least six months, and a yellow fever vaccination certificate is required on arrival.",
    answer: null,
  },
  {
    question: "What payment methods do you accept?",
    text: "We accept major credit cards and bank transfers. A deposit secures your booking and the balance is due before departure; we send the payment details with your booking confirmation.",
    answer: null,
  },
  {
    question: "What is your cancellation policy?",
    text: "Refunds depend on how long before departure you cancel: more than 60 days, a full refund minus a 10% administrative fee; 31 to 60 days, 50%; 15 to 30 days, 25%; under 15 days, no refund. If we have to cancel, you get a full refund or a new date.",
    answer: (
      <>
        Refunds depend on how long before departure you cancel: more than 60 days, a full refund
        minus a 10% administrative fee; 31 to 60 days, 50%; 15 to 30 days, 25%; under 15 days, no
        refund. If we have to cancel, you get a full refund or a new date. Read our full{" "}
        <Link
          href="/legal#refund-policy"
          className="font-medium text-primary underline underline-offset-4"
        >
          Refund &amp; Cancellation Policy
        </Link>
        .
      </>
    ),
  },
  {
    question: "What should I pack for my trip?",
    text: "Light layers and a warm fleece for cool mornings, a rain jacket, sturdy waterproof hiking boots, long sleeves and trousers for forest treks, gardening gloves for gorilla trekking, insect repellent, sunscreen, a hat, binoculars and a camera. A soft-sided bag is best for domestic flights.",
    answer: null,
  },
];

/** schema.org FAQPage of the questions below. */
function faqJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQS.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.text },
    })),
  };
}

/** Frequently asked questions of /contact. */
export function ContactFaq() {
  const json = JSON.stringify(faqJsonLd()).replace(/</g, "\\u003c");
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      <LazyFaqAccordion
        items={FAQS.map((faq) => ({ question: faq.question, answer: faq.answer ?? faq.text }))}
      />
    </>
  );
}
