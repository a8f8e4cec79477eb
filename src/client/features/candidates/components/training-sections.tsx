import { Hourglass } from 'lucide-react';
import { claims } from '@shared/claims';
import { Container, HeadedSection } from '../../../components/ui/section';
import { graduateEmployers, successStories, successStoriesHeading } from '../training-content';
import { ScrollToFormButton } from './sections';

/** Sections of the /training landing page (variant B, high salary). */

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .replace(/[^A-Z]/gi, '');

/** Placeholder employer names drawn as neutral wordmarks (no logos are fetched). */
export function GraduatesWorkAt() {
  return (
    <section aria-labelledby="graduates-work-at-title" className="bg-white py-10 sm:py-12">
      <Container>
        <h2
          id="graduates-work-at-title"
          className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600"
        >
          Graduates Work At
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {graduateEmployers.map((name) => (
            <li
              key={name}
              className="flex h-16 items-center justify-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 text-center font-semibold tracking-tight text-slate-700"
            >
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-700 text-xs text-white"
              >
                {initials(name)}
              </span>
              {name}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** Two graduates' words, each with a monogram instead of a photo. */
export function SuccessStories() {
  return (
    <HeadedSection tone="light" id="success-stories-title" heading={successStoriesHeading}>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {successStories.map((story) => (
          <figure
            key={story.name}
            className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
          >
            <blockquote className="flex-1 text-lg text-slate-800">
              <p>“{story.quote}”</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-navy-900 font-semibold text-white"
              >
                {initials(story.name)}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{story.name}</span>
                <span className="block text-sm text-slate-600">{story.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </HeadedSection>
  );
}

/** The amber 'limited spots' banner: the one place this page uses the warm accent broadly. */
export function CohortBanner() {
  return (
    <section aria-labelledby="cohort-banner-title" className="bg-warm py-12 text-navy-950">
      <Container className="flex flex-col items-center gap-6 text-center md:flex-row md:justify-between md:text-left">
        <div className="flex flex-col items-center gap-4 md:flex-row">
          <Hourglass className="size-10 shrink-0" aria-hidden="true" />
          <div>
            <h2 id="cohort-banner-title" className="text-2xl sm:text-3xl">
              Only {claims.cohortSpots} spots available for the next cohort
            </h2>
            <p className="mt-1 text-navy-900">
              The training is free, but places are limited. Apply before the cohort fills up.
            </p>
          </div>
        </div>
        <ScrollToFormButton label="Apply While Spots Remain" variant="dark" className="shrink-0" />
      </Container>
    </section>
  );
}
