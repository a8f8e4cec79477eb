import {
  BadgeCheck,
  CalendarCheck,
  ClipboardCheck,
  Handshake,
  PhoneCall,
  PiggyBank,
  Search,
  TrendingUp,
  Users,
  Wallet,
  Wrench,
  Rocket,
  Zap,
} from 'lucide-react';
import { claims } from '@shared/claims';
import type { FaqItem } from '../../components/ui/accordion';
import type { Feature, Step } from '../../components/ui/step-list';

/** Texts the candidate pages share: /candidates and the /career landing page. */

export const howItWorks: readonly Step[] = [
  {
    icon: Search,
    title: 'Recruit',
    text: 'Tell us a little about yourself. No experience or degree needed: we look for motivation, reliability and curiosity.',
  },
  {
    icon: Wrench,
    title: 'Train',
    text: `An ${claims.trainingWeeks}-week intensive that mixes online learning with hands-on, in-person labs, with career coaching and mentors along the way.`,
  },
  {
    icon: Rocket,
    title: 'Deploy',
    text: 'Graduate into a full-time job placement as a data center technician with one of our employer partners.',
  },
];

/** 'Why Choose': guaranteed placement stays here, although the terms say otherwise (spec 1). */
export const whyChoose: readonly Feature[] = [
  {
    icon: Wallet,
    title: 'No Upfront Costs',
    text: 'Employers pay for your training. No tuition, no loans, no hidden fees.',
  },
  {
    icon: BadgeCheck,
    title: 'Guaranteed Job Placement',
    text: 'Finish the programme and step into a full-time, paid role with a partner company.',
  },
  {
    icon: Zap,
    title: 'Fast-Track Real Skills',
    text: `Servers, networking, power and cooling: job-ready skills in ${claims.trainingMonthsLabel}, not years.`,
  },
  {
    icon: Users,
    title: 'Support & Mentorship',
    text: 'Career coaches and industry mentors are with you from the first lesson to your first day at work.',
  },
];

export const candidateFaq: readonly FaqItem[] = [
  {
    question: 'Do I need prior IT experience?',
    answer:
      'No. The programme is built for people with no prior IT experience and no degree. We teach everything from the basics up.',
  },
  {
    question: 'Is the training online or in person?',
    answer:
      'Both. You learn the theory online and practise on real equipment in in-person labs, so you arrive on the job already confident with the hardware.',
  },
  {
    question: 'Am I paid during the training?',
    answer:
      'The training itself is unpaid, but it is completely free: employers cover the cost. When you graduate you move into a paid, full-time position.',
  },
];

/** /training: 'Why Our Program Works'. */
export const programStrengths: readonly Feature[] = [
  {
    icon: TrendingUp,
    title: 'High-Demand Skills',
    text: `Data center technician jobs are projected to grow ${claims.projectedGrowth} by ${claims.projectedGrowthYear} as AI keeps expanding.`,
  },
  {
    icon: Handshake,
    title: 'Industry Connections',
    text: 'Our employer partners are committed to interviewing every graduate of the programme.',
  },
  {
    icon: Wrench,
    title: 'Practical Training',
    text: 'Hands-on labs with real servers, cabling and power systems, not just slides and videos.',
  },
  {
    icon: PiggyBank,
    title: 'Zero Cost',
    text: 'Your training is paid for by employers. You never pay tuition.',
  },
];

/** Placeholder employers for the 'Graduates Work At' strip, drawn as wordmarks. */
export const graduateEmployers = [
  'Northline Data',
  'Vertex Compute',
  'Helio Cloud',
  'Summit Grid',
] as const;

export interface SuccessStory {
  quote: string;
  name: string;
  role: string;
}

/** Placeholder graduates, shown with their initials; the first cites the $55K salary. */
export const successStories: readonly SuccessStory[] = [
  {
    quote: `A year ago I was stocking shelves. ${claims.trainingWeeks} weeks after I started the programme I signed an offer for ${claims.testimonialSalary} as a data center technician.`,
    name: 'Jordan M.',
    role: 'Data Center Technician, graduate',
  },
  {
    quote:
      'No degree, no IT background. The labs and my mentor got me ready, and I started my new job the week after graduation.',
    name: 'Alicia R.',
    role: 'Critical Facilities Technician, graduate',
  },
];

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
