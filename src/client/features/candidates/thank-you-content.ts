import { CalendarCheck, ClipboardCheck, PhoneCall } from 'lucide-react';
import { claims } from '@shared/claims';
import type { Step } from '../../components/ui/card-grid';

/** /thank-you: what happens after an application. */
export const nextSteps: readonly Step[] = [
  {
    icon: ClipboardCheck,
    title: 'We review your application',
    text: 'Our admissions team reads every application personally.',
  },
  {
    icon: PhoneCall,
    title: 'We get in touch',
    text: 'If the programme is a good fit, we contact you to talk about your goals and the next cohort.',
  },
  {
    icon: CalendarCheck,
    title: 'You get ready for day one',
    text: `Once accepted, you receive your start date and everything you need for the ${claims.trainingWeeks}-week training.`,
  },
];
