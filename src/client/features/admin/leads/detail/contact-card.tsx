import type { ReactNode } from 'react';
import type { ContactKind } from '@shared/lead-field';
import type { LeadDetail } from '../../api/lead-detail';
import { fieldsIn } from '../lead-fields';
import { fullName } from '../leads';
import { contactFieldsOf, fieldsOfKind } from './detail-fields';

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

/** Who the lead is and how to reach them, the kept contacts of merged leads included. */
export function ContactCard({ detail }: { detail: LeadDetail }) {
  const { lead } = detail;
  const fields = fieldsOfKind[detail.kind];
  const name =
    detail.kind === 'candidate'
      ? fullName(detail.lead.firstName, detail.lead.lastName)
      : detail.lead.contactName;
  const values = lead as Record<string, unknown>;
  const links = contactFieldsOf(fields).flatMap(([apiName, field]) => {
    const value = values[apiName];
    return typeof value === 'string' && value && field.contact
      ? [{ label: field.label, kind: field.contact, value }]
      : [];
  });
  const others = fieldsIn(fields, 'contact').filter((field) => !field.contact && field.value(lead));
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {name && <Row label="Name">{name}</Row>}
      {links.map(({ label, kind, value }) => (
        <Row key={label} label={label}>
          <ContactLink kind={kind} value={value} />
        </Row>
      ))}
      {others.map((field) => (
        <Row key={field.label} label={field.label}>
          {field.value(lead)}
        </Row>
      ))}
      {detail.secondaryContacts.length > 0 && (
        <Row label="Other contacts">
          <ul className="grid gap-1">
            {detail.secondaryContacts.map(({ kind, value }) => (
              <li key={`${kind}-${value}`}>
                <ContactLink kind={kind} value={value} />
              </li>
            ))}
          </ul>
        </Row>
      )}
    </dl>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
