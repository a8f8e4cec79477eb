import { Faq } from '../../../components/ui/accordion';
import { HeadedSection } from '../../../components/ui/section';
import { candidateFaq } from '../content';

/** The candidate FAQ (/candidates, /career); its own module, so pages without it skip Radix Accordion. */
export function CandidateFaqSection() {
  return (
    <HeadedSection
      tone="muted"
      id="faq-title"
      heading={{ title: 'Frequently Asked Questions', className: 'mb-12' }}
    >
      <Faq items={candidateFaq} />
    </HeadedSection>
  );
}
