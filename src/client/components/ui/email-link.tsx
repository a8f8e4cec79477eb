import { site } from '../../lib/site';

/** The site's one contact address (the spec's `{email}`) as a mailto link, maybe with a subject. */
export function EmailLink({ subject, className }: { subject?: string; className?: string }) {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <a href={`mailto:${site.contactEmail}${query}`} className={className}>
      {site.contactEmail}
    </a>
  );
}
