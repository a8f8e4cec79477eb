import { claims } from '@shared/claims';
import { statusHeading } from '@shared/person-status';
import type { Audience } from './share-images';

/** Head data of every route: written by the pre-render, applied on navigation (usePageHead). */
export interface RouteMeta {
  path: string;
  title: string;
  description: string;
  /** In sitemap.xml and indexable; false: noindex and disallowed in robots.txt. */
  indexable: boolean;
  /** In the shared layout (false: admin, the frames); else crawlers follow none of its links. */
  public: boolean;
  /** Whose share image (og:image) the page shows when its link is shared. */
  audience: Audience;
}

export const NOT_FOUND_META: Omit<RouteMeta, 'path'> = {
  title: 'Page Not Found',
  description: "The page you are looking for doesn't exist or has been moved.",
  indexable: false,
  public: false,
  audience: 'everyone',
};

/** Every route's head data; a route is indexable and public unless it says otherwise. */
const ROUTE_HEADS = {
  '/': {
    title: 'AI Data Center Technician Training and Hiring',
    description: `Free ${claims.trainingWeeks}-week training that turns people with no experience into AI data center technicians, and a pipeline of job-ready talent for data center operators.`,
    audience: 'everyone',
  },
  '/candidates': {
    title: 'Become an AI Data Center Technician',
    description: `Launch your tech career in weeks, not years: free ${claims.trainingWeeks}-week training paid for by employers, then a full-time job. No experience or degree needed.`,
    audience: 'candidates',
  },
  '/companies': {
    title: 'Hire Trained Data Center Technicians',
    description: `Hire pre-trained, certified data center technicians with custom training and ${claims.retentionClaim} ${claims.retentionMonths}-month retention.`,
    audience: 'companies',
  },
  '/about': {
    title: 'About Us',
    description: `Founded in ${claims.foundedYear} to close the AI data center talent gap, with a team of over 50 years of combined experience.`,
    audience: 'everyone',
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Questions about the training programme or hiring our technicians? Send us a message and we will get back to you.',
    audience: 'everyone',
  },
  '/apply': {
    title: 'Apply for Training',
    description: `Apply for the free ${claims.trainingWeeks}-week AI data center technician training programme. It takes about two minutes.`,
    indexable: false,
    audience: 'candidates',
  },
  '/typeform': {
    title: 'Complete Your Application',
    description: 'Answer a few short questions to complete your training application.',
    indexable: false,
    audience: 'candidates',
  },
  '/thank-you': {
    title: 'Application Received',
    description: 'Thank you for applying. Here is what happens next.',
    indexable: false,
    audience: 'candidates',
  },
  '/hiring': {
    title: 'Request Talent Information',
    description: `Tell us about your hiring needs and a talent specialist will contact you within ${claims.companyResponseBusinessDays} business day.`,
    audience: 'companies',
  },
  '/career': {
    title: 'Free Tech Career Training',
    description:
      'Start a tech career in weeks with free training and a full-time job placement. No experience required.',
    audience: 'candidates',
  },
  '/training': {
    title: `Earn ${claims.salaryClaim} in Tech Without a Degree`,
    description: `Only ${claims.cohortSpots} spots in the next cohort: free data center technician training for a ${claims.salaryClaim} career, no degree needed.`,
    audience: 'candidates',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your personal information.',
    audience: 'everyone',
  },
  '/terms': {
    title: 'Terms of Service',
    description: 'The terms that govern the use of our website and training programme.',
    audience: 'everyone',
  },
  '/status': {
    title: statusHeading(),
    description:
      'Where your application or talent request stands, your details, and your choices about our messages and your data.',
    indexable: false,
    audience: 'everyone',
  },
  '/book': {
    title: 'Your Screening Call',
    description: 'Pick a time for a short screening call with our admissions team.',
    indexable: false,
    audience: 'candidates',
  },
  '/questionnaire': {
    title: 'Application Questionnaire',
    description: 'A few short questions to complete your training application.',
    indexable: false,
    public: false,
    audience: 'candidates',
  },
  '/admin': {
    title: 'Admin',
    description: 'Administrator sign-in.',
    indexable: false,
    public: false,
    audience: 'everyone',
  },
  '/admin/invite': {
    title: 'Accept your invitation',
    description: 'Choose your name and a password or a passkey for the lead dashboard.',
    indexable: false,
    public: false,
    audience: 'everyone',
  },
} satisfies Record<string, Partial<RouteMeta> & Omit<RouteMeta, 'path' | 'indexable' | 'public'>>;

/** The site's routes: `pages.tsx` must give each a page, and may give no other path one. */
export type RoutePath = keyof typeof ROUTE_HEADS;

export const routeMeta: readonly RouteMeta[] = Object.entries(ROUTE_HEADS).map(([path, route]) => ({
  path,
  indexable: true,
  public: true,
  ...route,
}));

export function fullTitle(title: string, brandName: string): string {
  return `${title} | ${brandName}`;
}
