import type { ReactNode } from 'react';
import { entriesOf, type ContactKind } from '@shared/lead-field';
import type { LeadDetail } from '../../api/lead-detail';
import { fullName, text } from '../leads';
import { FieldDescriptions, fieldsOfKind, filled } from './detail-fields';

/** A way to reach the person as a link: mailto: for an e-mail, tel: (digits and +) for a phone. */
function ContactLink({ kind, value }: { kind: ContactKind; value: string }) {
  const href = kind === 'email' ? `mailto:${value}` : `tel:${value.replace(/[^\d+]/g, '')}`;
  return (
    <a
      href={href}
      className="break-all font-medium text-accent-strong underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-accent-strong"
    >
      {value}
    </a>
  );
}

/** Who the lead is and how to reach them (as links), the kept contacts of merged leads included. */
export function ContactCard({ detail }: { detail: LeadDetail }) {
  const values = detail.lead as Record<string, unknown>;
  const name =
    detail.kind === 'candidate'
      ? fullName(detail.lead.firstName, detail.lead.lastName)
      : detail.lead.contactName;
  const contact = entriesOf(fieldsOfKind[detail.kind]).filter(
    ([, field]) => field.contact || field.group === 'contact',
  );
  const others = detail.secondaryContacts;
  return (
    <FieldDescriptions
      flush
      fields={filled([
        ['Name', name],
        ...contact.map(([apiName, { label, contact: kind }]): [string, ReactNode] => {
          const value = text(values[apiName]);
          return [label, value && kind ? <ContactLink kind={kind} value={value} /> : value];
        }),
        [
          'Other contacts',
          others.length > 0 && (
            <ul className="grid gap-1">
              {others.map(({ kind, value }) => (
                <li key={`${kind}-${value}`}>
                  <ContactLink kind={kind} value={value} />
                </li>
              ))}
            </ul>
          ),
        ],
      ])}
    />
  );
}
