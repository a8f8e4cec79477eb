import { Faq } from '../../../components/ui/accordion';
import { Section, SectionHeading } from '../../../components/ui/section';
import { candidateFaq } from '../content';

/** The candidate FAQ (/candidates, /career); its own module, so pages without it skip Radix Accordion. */
export function CandidateFaqSection() {
  return (
    <Section tone="muted" aria-labelledby="faq-title">
      <SectionHeading id="faq-title" title="Frequently Asked Questions" className="mb-12" />
      <Faq items={candidateFaq} />
    </Section>
  );
}
