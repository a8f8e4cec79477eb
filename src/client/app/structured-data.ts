import { claims } from '@shared/claims';
import { jsonScript } from '@shared/runtime-config';
import type { SiteConfig } from '@shared/site-config';
import type { FaqItem } from '../components/ui/accordion';
import { candidateFaq } from '../features/candidates/components/sections';
import { companyFaq } from '../features/companies/faq';

// JSON-LD (schema.org) in the pre-rendered pages only, which crawlers read: this module stays out
// of the bundle. Claims and FAQs are those the pages render, so it cannot say more than the page.

type JsonLd = Record<string, unknown>;

/** The site's logo for Organization.logo: a square PNG made with the share images. */
export const LOGO_PATH = '/share/logo.png';

function organization(site: SiteConfig): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site.siteUrl}/#organization`,
    name: site.brandName,
    url: `${site.siteUrl}/`,
    email: site.contactEmail,
    logo: `${site.siteUrl}${LOGO_PATH}`,
    foundingDate: String(claims.foundedYear),
  };
}

function faqPage(items: readonly FaqItem[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** The training programme, as the candidate pages describe it (spec section 1). */
function trainingProgram(site: SiteConfig, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalProgram',
    name: 'AI Data Center Technician Training',
    description: `A free ${claims.trainingWeeks}-week programme, paid for by employers, that trains people with no experience or degree as AI data center technicians: online learning with in-person labs, career coaching and mentors, then a full-time job with a partner company.`,
    url,
    provider: { '@id': `${site.siteUrl}/#organization` },
    occupationalCategory: 'Data center technician',
    timeToComplete: `P${claims.trainingWeeks}W`,
    educationalProgramMode: 'blended',
    programPrerequisites: 'No prior IT experience or degree required',
    maximumEnrollment: claims.cohortSpots,
    offers: {
      '@type': 'Offer',
      category: 'Free',
      price: 0,
      priceCurrency: 'USD',
    },
  };
}

const FAQ_BY_PATH: Readonly<Record<string, readonly FaqItem[]>> = {
  '/candidates': candidateFaq,
  '/career': candidateFaq,
  '/companies': companyFaq,
};

const PROGRAM_PATHS = new Set(['/candidates', '/career', '/training']);

export function structuredDataFor(pathname: string, site: SiteConfig): JsonLd[] {
  const faq = FAQ_BY_PATH[pathname];
  return [
    organization(site),
    ...(faq ? [faqPage(faq)] : []),
    ...(PROGRAM_PATHS.has(pathname) ? [trainingProgram(site, site.siteUrl + pathname)] : []),
  ];
}

/** The page's JSON-LD blocks: never executed (no CSP change); `<` escaped so none closes early. */
export function structuredDataTags(pathname: string, site: SiteConfig): string {
  return structuredDataFor(pathname, site)
    .map((data) => jsonScript(null, data, 'application/ld+json'))
    .join('\n    ');
}
