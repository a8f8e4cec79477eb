import type { LeadConversion } from '@shared/admin-deliveries';
import { formatDate } from './leads';

const stateLabels: Record<LeadConversion['state'], string> = {
  sent: 'Sent',
  pending: 'Waiting to send',
  failed: 'Failed',
};

/** "Sent", "Failed", or "Retrying" when the last attempt failed and another will come. */
const stateOf = (entry: LeadConversion) =>
  entry.state === 'pending' && entry.error ? 'Retrying' : stateLabels[entry.state];

/**
 * The lead's events sent to Meta's Conversions API (decision 110), oldest first: each one's
 * state, and Meta's error when it refused or failed.
 */
export function ConversionEvents({ conversions }: { conversions: LeadConversion[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {conversions.map((entry, index) => (
        <li key={`${entry.event}-${index}`} className="text-slate-900">
          <span className="font-medium">{entry.event}</span>
          {' · '}
          <span className={entry.error ? 'text-red-800' : 'text-slate-700'}>{stateOf(entry)}</span>
          {' · '}
          <time dateTime={entry.at} className="text-slate-700">
            {formatDate(entry.at)}
          </time>
          {entry.error && <span className="block text-red-800">{entry.error}</span>}
        </li>
      ))}
    </ul>
  );
}
