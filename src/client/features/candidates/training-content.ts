import { Handshake, PiggyBank, TrendingUp, Wrench } from 'lucide-react';
import { claims } from '@shared/claims';
import type { Feature } from '../../components/ui/card-grid';
import type { Heading } from '../../components/ui/section';

/** Texts of the /training landing page (variant B, high salary). */

export const programStrengthsHeading: Heading = {
  eyebrow: 'Why it works',
  title: 'Why Our Program Works',
  intro: 'Built with the employers who hire our graduates.',
};

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

export const successStoriesHeading: Heading = {
  eyebrow: 'Graduate success stories',
  title: 'From No Experience to a New Career',
};

/** Placeholder graduates, shown with their initials; the first cites the $55K salary. */
export const successStories: readonly { quote: string; name: string; role: string }[] = [
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
