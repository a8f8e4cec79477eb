import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunnelFigures, UnmatchedSpend } from '@shared/admin-funnel';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast-store';
import { apiRequest } from '../../../lib/api';
import { errorText } from '../api/http';
import { useCan } from '../api/session';
import { ConfirmDialog, type ConfirmRequest } from '../ui/confirm-dialog';
import { RemoveRowButton } from '../ui/controls';
import { formatNumber, money } from '../ui/format';
import { box, Panel } from '../ui/panel';
import { adminToasts } from '../ui/admin-toasts';
import { useKeepFocus } from '../ui/keep-focus';

const MAPPINGS_URL = '/api/admin/spend/mappings';
/** Leads with this utm_campaign count for the campaign of the spend. */
type SpendMapping = { utmCampaign: string; source: string; campaign: string };
/** As listed: with the campaign's name, or its id where no spend names it. */
type NamedMapping = SpendMapping & { campaignName: string };

/** A mapping saved or removed: every figure is read again, as it may move costs. */
function useMappingChange<T>(request: (value: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries(),
    onError: (error) => toast(adminToasts.error(errorText(error))),
  });
}

/** Spend no utm_campaign matched: listed, and mapped to a utm_campaign by someone who may. */
export function UnmatchedList({
  unmatched,
  more,
  currency,
  campaigns,
}: {
  unmatched: UnmatchedSpend[];
  more: FunnelFigures['moreUnmatchedSpend'];
  currency: string;
  /** utm_campaign values of this range's visitors and leads without spend: what a match names. */
  campaigns: string[];
}) {
  const canWork = useCan('work');
  const map = useMappingChange((mapping: SpendMapping) =>
    apiRequest('POST', MAPPINGS_URL, mapping),
  );
  const id = useId();
  if (unmatched.length === 0) return null;
  return (
    <Panel title="Unmatched spend" {...box}>
      <p className="mt-1 text-sm text-slate-700">
        No visitor or lead (candidate or company) of this range came with a utm_campaign equal to
        these campaigns' id or name.
        {canWork && ' Name the utm_campaign their visitors and leads carry to count them.'}
      </p>
      <datalist id={`${id}-campaigns`}>
        {campaigns.map((campaign) => (
          <option key={campaign} value={campaign} />
        ))}
      </datalist>
      <ul className="mt-3 grid gap-3">
        {unmatched.map((spend, index) => (
          <li
            key={`${spend.source}/${spend.campaign}`}
            data-row="unmatched"
            className="grid gap-2 text-sm"
          >
            <span>
              <strong>{spend.campaignName}</strong> ({spend.source}, {spend.campaign}):{' '}
              {money(spend.spend, currency)}
            </span>
            {canWork && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const { source, campaign } = spend;
                  const utmCampaign = String(new FormData(event.currentTarget).get('utmCampaign'));
                  if (utmCampaign.trim())
                    map.mutate({ utmCampaign: utmCampaign.trim(), source, campaign });
                }}
              >
                <label htmlFor={`${id}-${index}`} className="sr-only">
                  utm_campaign of {spend.campaignName}
                </label>
                <input
                  id={`${id}-${index}`}
                  name="utmCampaign"
                  list={`${id}-campaigns`}
                  placeholder="utm_campaign"
                  maxLength={200}
                  className="rounded-md border border-slate-400 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-strong"
                />
                <Button type="submit" variant="outline" size="sm" aria-disabled={map.isPending}>
                  Match
                </Button>
              </form>
            )}
          </li>
        ))}
      </ul>
      {more.campaigns > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          And {formatNumber(more.campaigns)} more campaigns: {money(more.spend, currency)}.
        </p>
      )}
    </Panel>
  );
}

/** The saved mappings, so a wrong match can be seen and removed by those who may change spend. */
export function MatchedList() {
  const canWork = useCan('work');
  const { data: mappings } = useQuery<NamedMapping[]>({ queryKey: [MAPPINGS_URL] });
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const remove = useMappingChange((utmCampaign: string) =>
    apiRequest('DELETE', `${MAPPINGS_URL}/${encodeURIComponent(utmCampaign)}`),
  );
  // A removed match leaves the list: the focus goes to the next one, else to the heading.
  const keepFocus = useKeepFocus('[data-row="mapping"]', '#matched-heading');
  if (!mappings) return null;
  return (
    <Panel id="matched" title="Matched campaigns" {...box} focusable ref={keepFocus}>
      {mappings.length === 0 && <p className="text-sm text-slate-700">None.</p>}
      <ul className="grid gap-2 empty:hidden">
        {mappings.map(({ utmCampaign, source, campaignName }) => {
          const label = `${utmCampaign} -> ${source} ${campaignName}`;
          return (
            <li key={utmCampaign} data-row="mapping" className="flex flex-wrap items-center gap-2">
              <span className="text-sm">{label}</span>
              {canWork && (
                <RemoveRowButton
                  label={label}
                  onClick={() =>
                    setConfirm({
                      title: 'Remove this match?',
                      message: `Leads with utm_campaign ${utmCampaign} will no longer count for ${source} ${campaignName}.`,
                      confirmLabel: 'Remove match',
                      onConfirm: () => remove.mutate(utmCampaign),
                    })
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Panel>
  );
}
