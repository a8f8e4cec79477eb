import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnmatchedSpend } from '@shared/admin-funnel';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { apiRequest, errorText } from '../api/http';
import { useCan } from '../api/session';
import { money } from './money';
import { box, Panel } from '../ui/panel';

/** Spend no utm_campaign matched: listed, and mapped to a utm_campaign by someone who may. */
export function UnmatchedList({
  unmatched,
  currency,
}: {
  unmatched: UnmatchedSpend[];
  currency: string;
}) {
  const canWork = useCan('work');
  const client = useQueryClient();
  const map = useMutation({
    mutationFn: (mapping: { utmCampaign: string; source: string; campaign: string }) =>
      apiRequest('POST', '/api/admin/spend/mappings', mapping),
    onSuccess: () => client.invalidateQueries(),
    onError: (error) => toast(adminToasts.error(errorText(error))),
  });
  const id = useId();
  if (unmatched.length === 0) return null;
  return (
    <Panel title="Unmatched spend" {...box}>
      <p className="mt-1 text-sm text-slate-700">
        No lead's utm_campaign equals these campaigns' id or name in this range.
        {canWork && ' Name the utm_campaign their leads carry to count them.'}
      </p>
      <ul className="mt-3 grid gap-3">
        {unmatched.map((spend, index) => (
          <li key={`${spend.source}/${spend.campaign}`} className="grid gap-2 text-sm">
            <span>
              <strong>{spend.campaignName}</strong> ({spend.source}, {spend.campaign}):{' '}
              {money(spend.spend, currency)}
            </span>
            {canWork && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const value = new FormData(event.currentTarget).get('utmCampaign');
                  if (typeof value === 'string' && value.trim())
                    map.mutate({
                      utmCampaign: value.trim(),
                      source: spend.source,
                      campaign: spend.campaign,
                    });
                }}
              >
                <label htmlFor={`${id}-${index}`} className="sr-only">
                  utm_campaign of {spend.campaignName}
                </label>
                <input
                  id={`${id}-${index}`}
                  name="utmCampaign"
                  placeholder="utm_campaign"
                  maxLength={200}
                  className="rounded-md border border-slate-400 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-strong"
                />
                <button
                  type="submit"
                  disabled={map.isPending}
                  className="rounded-md border border-slate-400 px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-accent-strong"
                >
                  Match
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
