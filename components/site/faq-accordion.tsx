"use client";

import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@/components/ui/accordion";

/** Questions that open one at a time (Radix Accordion); loaded as an island by ContactFaq. */
export function FaqAccordion({
  items,
}: {
  items: readonly { question: string; answer: React.ReactNode }[];
}) {
  return (
    <Accordion type="single" collapsible className="w-full">
      {items.map((faq, i) => (
        <AccordionItem key={faq.question} value={`faq-${i}`} className="border-border/70">
          <AccordionTrigger className="py-5 text-base font-semibold text-forest-deep hover:no-underline">
            {faq.question}
          </AccordionTrigger>
          <AccordionContent className="text-base leading-relaxed text-muted-foreground">
            {faq.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
