import type { FaqItem } from '../../components/ui/accordion';

/** The FAQ /companies shows; also its FAQPage structured data (app/structured-data.ts). */
export const companyFaq: readonly FaqItem[] = [
  {
    question: 'How much does it cost to hire through the programme?',
    answer:
      'Pricing depends on the number of technicians, locations and how much custom training you need, so we prepare a custom quote for each partner. Tell us your hiring needs and we will send one.',
  },
  {
    question: 'How are candidates selected?',
    answer:
      'We screen applicants for motivation, reliability and technical aptitude, then assess them throughout the training. Only graduates who pass the hands-on assessments and certifications are put forward, and you interview them before hiring.',
  },
  {
    question: 'Can the training be customised for our data centers?',
    answer:
      'Yes. We can add modules on your specific hardware, tooling, safety procedures and workflows, so technicians are ready for your sites from their first day.',
  },
];
