import { BadgeCheck, Users, Wallet, Zap } from 'lucide-react';
import { claims } from '@shared/claims';
import { site } from '../../lib/site';
import type { FaqItem } from '../../components/ui/accordion';
import type { Feature, Step } from '../../components/ui/card-grid';
import type { Heading } from '../../components/ui/section';

/** Texts the candidate pages share: /candidates and the /career landing page. */

export const howItWorksHeading: Heading = {
  eyebrow: 'Three steps',
  title: 'How It Works',
  intro: 'From your first message to your first day on the data center floor.',
};

export const howItWorks: readonly Step[] = [
  {
    title: 'Recruit',
    text: 'Tell us a little about yourself. No experience or degree needed: we look for motivation, reliability and curiosity.',
  },
  {
    title: 'Train',
    text: `An ${claims.trainingWeeks}-week intensive that mixes online learning with hands-on, in-person labs, with career coaching and mentors along the way.`,
  },
  {
    title: 'Deploy',
    text: 'Graduate into a full-time job placement as a data center technician with one of our employer partners.',
  },
];

export const whyChooseHeading: Heading = {
  eyebrow: 'Why us',
  title: `Why Choose ${site.brandName}`,
  intro: 'A serious career change, without the debt or the years of study.',
};

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

/** The FAQ /candidates and /career show; also their FAQPage structured data. */
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
