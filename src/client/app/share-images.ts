import { claims } from '@shared/claims';

// The image of a shared link (og:image), one per audience: `npm run make:share-images` draws
// public/share/ from these texts, so the alt text is what the image says. No brand name: it is a
// build-time setting, and og:site_name names it.
export type Audience = 'candidates' | 'companies' | 'everyone';

export interface ShareImage {
  /** Path under the site origin (public/share/…). */
  path: string;
  headline: string;
  subline: string;
}

/** Facebook's and X's recommended size for large link previews (1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const shareImages: Record<Audience, ShareImage> = {
  candidates: {
    path: '/share/candidates.png',
    headline: 'Become an AI data center technician',
    subline: `Free ${claims.trainingWeeks}-week training paid for by employers, then a full-time job. No experience or degree needed.`,
  },
  companies: {
    path: '/share/companies.png',
    headline: 'Hire job-ready data center technicians',
    subline: `Pre-trained, certified technicians with custom training and ${claims.retentionClaim} ${claims.retentionMonths}-month retention.`,
  },
  everyone: {
    path: '/share/default.png',
    headline: 'Bridging the AI data center talent gap',
    subline: `Free ${claims.trainingWeeks}-week training for new technicians, and trained talent for data center operators.`,
  },
};
