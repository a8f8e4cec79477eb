import { useId, type ReactElement, type ReactNode } from 'react';
import { claims } from '@shared/claims';
import { PageHero } from '../../components/ui/page-hero';
import { Section } from '../../components/ui/section';
import { site } from '../../lib/site';
import { StaticContent } from '../../components/ui/static-content';

/** "April 18, 2025" -> "2025-04-18", without Intl (its locale data costs a phone ~75 ms). */
function isoDate(label: string): string {
  const date = new Date(label);
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** Typography of the document body: the site has no prose plugin, so it is spelled out once here. */
const bodyText =
  'text-base text-slate-700 sm:text-lg [&_a]:font-medium [&_a]:text-accent-strong [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-navy-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:text-slate-900 [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

/** A list item that opens with a term in bold: the term, then what it means. */
type Item = ReactNode | readonly [term: string, text: string];

/** A paragraph (text or JSX), a list, or the heading of a part of a section (with its anchor). */
export type Block =
  string | ReactElement | { list: readonly Item[] } | { part: string; id?: string };

export interface LegalSection {
  /** The anchor of the section (/privacy#cookies); unique within the document. */
  id: string;
  title: string;
  body: readonly Block[];
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'object' && 'list' in block)
    return (
      <ul>
        {block.list.map((item, index) => (
          <li key={index}>
            {Array.isArray(item) ? (
              <>
                <strong>{item[0]}</strong> {item[1]}
              </>
            ) : (
              item
            )}
          </li>
        ))}
      </ul>
    );
  if (typeof block === 'object' && 'part' in block) return <h3 id={block.id}>{block.part}</h3>;
  return <p>{block}</p>;
}

export const brand = site.brandName;

/** The privacy policy's and terms' shape: h1 with the date, a contents list, numbered sections. */
export function LegalDocument({
  title,
  summary,
  introduction,
  sections: rest,
}: {
  title: string;
  /** The document in a few lines, before its sections. */
  summary: string;
  introduction: readonly Block[];
  sections: readonly LegalSection[];
}) {
  const sections = [{ id: 'introduction', title: 'Introduction', body: introduction }, ...rest];
  const tocId = useId();
  const date = claims.legalDocumentsDate;
  return (
    <article>
      <PageHero
        eyebrow="Legal"
        title={title}
        intro={
          <>
            Effective date: <time dateTime={isoDate(date)}>{date}</time>
          </>
        }
      />
      <Section tone="light">
        <StaticContent>
          <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
            <nav
              aria-labelledby={tocId}
              className="self-start rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-28"
            >
              <p
                id={tocId}
                className="text-sm font-semibold uppercase tracking-wider text-slate-700"
              >
                Contents
              </p>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700 marker:text-slate-600">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong text-slate-800 underline-offset-4 hover:text-accent-strong hover:underline"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="max-w-3xl">
              <div className={bodyText}>
                <p>{summary}</p>
              </div>
              {sections.map((section, index) => (
                <section key={section.id} id={section.id} className="mt-12 first-of-type:mt-10">
                  <h2 className="text-2xl text-slate-900 sm:text-3xl">
                    {index + 1}. {section.title}
                  </h2>
                  <div className={bodyText}>
                    {section.body.map((block, blockIndex) => (
                      <BlockView key={blockIndex} block={block} />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          </div>
        </StaticContent>
      </Section>
    </article>
  );
}
