/**
 * Head data for every route. The pre-render script writes it into each page's static
 * HTML and the client applies it again on every in-app navigation (usePageMeta).
 */
export interface RouteMeta {
  path: string;
  title: string;
  description: string;
  /** False for pages that should never appear in search results. */
  indexable: boolean;
}

export const NOT_FOUND_META: Omit<RouteMeta, 'path'> = {
  title: 'Page Not Found',
  description: "The page you are looking for doesn't exist or has been moved.",
  indexable: false,
};

export const routeMeta: readonly RouteMeta[] = [
  {
    path: '/',
    title: 'AI Data Center Technician Training and Hiring',
    description:
      'Free 8-week training that turns people with no experience into AI data center technicians, and a pipeline of job-ready talent for data center operators.',
    indexable: true,
  },
  {
    path: '/candidates',
    title: 'Become an AI Data Center Technician',
    description:
      'Launch your tech career in weeks, not years: free 8-week training paid for by employers, then a full-time job. No experience or degree needed.',
    indexable: true,
  },
  {
    path: '/companies',
    title: 'Hire Trained Data Center Technicians',
    description:
      'Hire pre-trained, certified data center technicians with custom training and 80%+ 12-month retention.',
    indexable: true,
  },
  {
    path: '/about',
    title: 'About Us',
    description:
      'Founded in 2025 to close the AI data center talent gap, with a team of over 50 years of combined experience.',
    indexable: true,
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description:
      'Questions about the training programme or hiring our technicians? Send us a message and we will get back to you.',
    indexable: true,
  },
  {
    path: '/apply',
    title: 'Apply for Training',
    description:
      'Apply for the free 8-week AI data center technician training programme. It takes about two minutes.',
    indexable: true,
  },
  {
    path: '/typeform',
    title: 'Complete Your Application',
    description: 'Answer a few short questions to complete your training application.',
    indexable: true,
  },
  {
    path: '/thank-you',
    title: 'Application Received',
    description: 'Thank you for applying. Here is what happens next.',
    indexable: true,
  },
  {
    path: '/hiring',
    title: 'Request Talent Information',
    description:
      'Tell us about your hiring needs and a talent specialist will contact you within 1 business day.',
    indexable: true,
  },
  {
    path: '/career',
    title: 'Free Tech Career Training',
    description:
      'Start a tech career in weeks with free training and a full-time job placement. No experience required.',
    indexable: true,
  },
  {
    path: '/training',
    title: 'Earn $50K+ in Tech Without a Degree',
    description:
      'Only 20 spots in the next cohort: free data center technician training for a $50K+ career, no degree needed.',
    indexable: true,
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'How we collect, use and protect your personal information.',
    indexable: true,
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    description: 'The terms that govern the use of our website and training programme.',
    indexable: true,
  },
  {
    path: '/questionnaire',
    title: 'Application Questionnaire',
    description: 'A few short questions to complete your training application.',
    indexable: false,
  },
  {
    path: '/admin',
    title: 'Admin',
    description: 'Administrator sign-in.',
    indexable: false,
  },
];

export function findRouteMeta(path: string): RouteMeta | undefined {
  return routeMeta.find((route) => route.path === path);
}

export function fullTitle(title: string, brandName: string): string {
  return `${title} | ${brandName}`;
}
