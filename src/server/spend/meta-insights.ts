import type { ServerConfig } from '../config/config';
import { outgoingRequest } from '../platform/http/outgoing-request';
import { withoutSecrets } from '../platform/http/redact-secrets';
import { isCurrency, MAX_AMOUNT_MINOR, minorDigits } from './money';
import type { SpendRow } from './spend-store';

export type MetaAdsConfig = NonNullable<ServerConfig['metaAds']>;

const TIMEOUT_MS = 30_000;
/** Pages followed at most: 28 days of 200 campaigns at Meta's page size is far fewer. */
const MAX_PAGES = 500;

/** Meta's answer: each row's fields are strings (`spend` "12.34"). */
interface InsightsPage {
  data?: Partial<Record<string, string>>[];
  paging?: { next?: string };
  error?: { message?: string };
}

/** One GET; a failure names Meta's message, never the address (it may carry the token). */
async function getPage(url: string, accessToken: string): Promise<InsightsPage> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const response = await outgoingRequest('Meta insights', url, { headers }, TIMEOUT_MS);
  const text = await response.text();
  let page: InsightsPage | undefined;
  try {
    page = JSON.parse(text) as InsightsPage;
  } catch {
    // not JSON: the status says it
  }
  if (response.ok && page) return page;
  const message = page?.error?.message;
  throw new Error(`Meta insights answered HTTP ${response.status}${message ? `: ${message}` : ''}`);
}

const count = (text: string | undefined) =>
  text === undefined || !/^\d+$/.test(text) ? null : Number(text);

/** Every campaign's spend per day; the token goes only to pages on the Graph API's origin. */
export async function fetchMetaSpend(
  config: MetaAdsConfig,
  from: string,
  to: string,
): Promise<SpendRow[]> {
  const first = new URL(`${config.graphUrl}/${config.apiVersion}/act_${config.accountId}/insights`);
  first.search = new URLSearchParams({
    level: 'campaign',
    time_increment: '1',
    fields: 'campaign_id,campaign_name,spend,impressions,clicks,account_currency',
    time_range: JSON.stringify({ since: from, until: to }),
    limit: '500',
  }).toString();
  const rows: SpendRow[] = [];
  try {
    let next: string | undefined = first.toString();
    for (let pages = 0; next; pages++) {
      if (pages === MAX_PAGES) throw new Error(`Meta insights: more than ${MAX_PAGES} pages`);
      if (new URL(next).origin !== first.origin)
        throw new Error('Meta insights: a next page elsewhere');
      const page = await getPage(next, config.accessToken);
      for (const item of page.data ?? []) {
        const currency = item.account_currency ?? '';
        const spend = Number(item.spend);
        if (!item.campaign_id || !item.date_start || !isCurrency(currency) || !(spend >= 0)) {
          throw new Error('Meta insights: a row without campaign, day, spend or currency');
        }
        // Meta sends a decimal in the account's currency ("12.34").
        const amountMinor = Math.round(spend * 10 ** minorDigits(currency));
        if (amountMinor > MAX_AMOUNT_MINOR) throw new Error('Meta insights: a spend beyond bounds');
        rows.push({
          day: item.date_start,
          // Meta's URL parameters say utm_source=facebook.
          source: 'facebook',
          campaign: item.campaign_id,
          campaignName: item.campaign_name ?? item.campaign_id,
          currency,
          amountMinor,
          impressions: count(item.impressions),
          clicks: count(item.clicks),
        });
      }
      next = page.paging?.next;
    }
  } catch (error) {
    throw withoutSecrets(error, [config.accessToken]);
  }
  return rows;
}
