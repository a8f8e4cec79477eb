import { describe, expect, it } from 'vitest';
import { claims } from '@shared/claims';
import { parseSiteConfig } from '@shared/site-config';
import { candidateFaq } from '../features/candidates/components/sections';
import { companyFaq } from '../features/companies/faq';
import { routeMeta } from './route-meta';
import { structuredDataFor, structuredDataTags } from './structured-data';

const site = parseSiteConfig({
  SITE_URL: 'https://talent.example',
  BRAND_NAME: 'Bridge </script> Co',
  CONTACT_EMAIL: 'hi@talent.example',
});

const typesOf = (path: string) => structuredDataFor(path, site).map((data) => data['@type']);

describe('structured data', () => {
  it('describes the organisation on every page', () => {
    for (const { path } of routeMeta) {
      expect(structuredDataFor(path, site)[0], path).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': 'https://talent.example/#organization',
        name: 'Bridge </script> Co',
        url: 'https://talent.example/',
        email: 'hi@talent.example',
        logo: 'https://talent.example/share/logo.png',
        foundingDate: '2025',
      });
    }
  });

  it('adds an FAQPage with the questions the page shows, on the pages with an FAQ', () => {
    const faqOf = (path: string) =>
      structuredDataFor(path, site).find((d) => d['@type'] === 'FAQPage');
    const questions = (items: readonly { question: string; answer: string }[]) =>
      items.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      }));
    expect(faqOf('/candidates')?.mainEntity).toEqual(questions(candidateFaq));
    expect(faqOf('/career')?.mainEntity).toEqual(questions(candidateFaq));
    expect(faqOf('/companies')?.mainEntity).toEqual(questions(companyFaq));
    for (const path of ['/', '/training', '/about', '/hiring', '/apply'])
      expect(faqOf(path), path).toBeUndefined();
  });

  it('describes the training programme on /candidates, /career and /training only', () => {
    for (const path of ['/candidates', '/career', '/training']) {
      const program = structuredDataFor(path, site).find(
        (d) => d['@type'] === 'EducationalOccupationalProgram',
      );
      expect(program, path).toMatchObject({
        url: `https://talent.example${path}`,
        provider: { '@id': 'https://talent.example/#organization' },
        timeToComplete: `P${claims.trainingWeeks}W`,
        occupationalCategory: 'Data center technician',
        maximumEnrollment: claims.cohortSpots,
        offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' },
      });
    }
    expect(typesOf('/')).toEqual(['Organization']);
    expect(typesOf('/companies')).toEqual(['Organization', 'FAQPage']);
    expect(typesOf('/training')).toEqual(['Organization', 'EducationalOccupationalProgram']);
  });

  it('writes data blocks no text can break out of', () => {
    const html = structuredDataTags('/', site);
    expect(html).toMatch(/^<script type="application\/ld\+json">[^<]*<\/script>$/);
    expect(html).toContain('Bridge \\u003c/script> Co');
    const json = /<script[^>]*>(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).name).toBe('Bridge </script> Co');
  });
});
