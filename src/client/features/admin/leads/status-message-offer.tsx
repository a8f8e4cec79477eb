import { useState } from 'react';
import type { LeadKind } from '@shared/lead-status';
import { renderTemplate, type PlaceholderValues } from '@shared/message-templates';
import { site } from '../../../lib/site';
import type { CandidateLead, CompanyLead } from './leads';
import { useStatusMessage } from '../api/message-templates';
import { Checkbox } from '../ui/controls';

export type MessageOffer = ReturnType<typeof useMessageOffer>;

/** The message offered, ticked by default, with a change from `from` to `to` (if it has one). */
export function useMessageOffer(kind: LeadKind, from: string | null, to: string) {
  const [skipMessageFor, setSkipMessageFor] = useState<string | null>(null);
  const message = useStatusMessage(kind, to);
  const offered = message && to !== from ? message : undefined;
  return {
    offered,
    /** Send it with the change: PATCH's `notify`. */
    notify: Boolean(offered) && skipMessageFor !== to,
    setNotify: (send: boolean) => setSkipMessageFor(send ? null : to),
  };
}

/** The lead's own values for the message's placeholders. */
export const messageValues = (lead: CandidateLead | CompanyLead): PlaceholderValues => ({
  firstName: ('firstName' in lead ? lead.firstName : lead.contactName) ?? '',
  company: ('companyName' in lead ? lead.companyName : null) ?? '',
  statusLink: `${site.siteUrl}/status?token=…`,
  supportEmail: site.supportEmail,
});

/** "E-mail the person this status’s message" and, while ticked, the message as they'd get it. */
export function StatusMessageOffer({
  offer,
  values,
}: {
  offer: MessageOffer;
  values: PlaceholderValues;
}) {
  const { offered, notify } = offer;
  if (!offered) return null;
  return (
    <div className="grid w-full gap-2">
      <Checkbox
        label="E-mail the person this status’s message"
        checked={notify}
        onChange={offer.setNotify}
      />
      {notify && (
        <div
          role="group"
          aria-label="Message preview"
          className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
        >
          <p className="font-semibold">{renderTemplate(offered.subject, values)}</p>
          <p className="mt-2 whitespace-pre-line">{renderTemplate(offered.body, values)}</p>
        </div>
      )}
    </div>
  );
}
