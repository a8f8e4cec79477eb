import { withoutSecrets } from '../platform/http/redact-secrets';
import { isCurrency, MAX_AMOUNT_MINOR, minorDigits } from './money';
import type { SpendRow } from './spend-store';

/** What the pull needs of the settings (config.adSpend). */
export interface MetaAdsConfig {
  accessToken: string;
  accountId: string;
  /** The Conversions API's base URL and version (META_GRAPH_URL, GRAPH_API_VERSION). */
  graphUrl: string;
  apiVersion: string;
}

/** The source Meta's spend is reported under: Meta's URL parameters say utm_source=facebook. */
export const META_SOURCE = 'facebook';

const FIELDS = 'campaign_id,campaign_name,spend,impressions,clicks,account_currency';
const TIMEOUT_MS = 30_000;
/** Pages followed at most: 28 days of 200 campaigns at Meta's page size is far fewer. */
const MAX_PAGES = 500;

interface InsightsPage {
  data?: {
    campaign_id?: string;
    campaign_name?: string;
    spend?: string;
    impressions?: string;
    clicks?: string;
    account_currency?: string;
    date_start?: string;
  }[];
  paging?: { next?: string };
  error?: { message?: string; code?: number };
}

/** One GET; a failure names Meta's message, never the address (it may carry the token). */
async function getPage(url: string, accessToken: string): Promise<InsightsPage> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new Error(`Meta insights request failed: ${cause?.code ?? (error as Error).name}`);
  }
  const text = await response.text();
  let page: InsightsPage | undefined;
  try {
    page = JSON.parse(text) as InsightsPage;
  } catch {
    // not JSON: the status says it
  }
  if (!response.ok || !page) {
    const message = page?.error?.message;
    throw new Error(
      `Meta insights answered HTTP ${response.status}${message ? `: ${message}` : ''}`,
    );
  }
  return page;
}

const count = (text: string | undefined) =>
  text === undefined || !/^\d+$/.test(text) ? null : Number(text);

/** Every campaign's spend per day; a failure's message is cut of the token, in any form. */
export async function fetchMetaSpend(
  config: MetaAdsConfig,
  from: string,
  to: string,
): Promise<SpendRow[]> {
  try {
    return await fetchPages(config, from, to);
  } catch (error) {
    throw withoutSecrets(error, [config.accessToken]);
  }
}

/** Follows the pages on the Graph API's origin alone (the token goes with each). */
async function fetchPages(config: MetaAdsConfig, from: string, to: string): Promise<SpendRow[]> {
  const first = new URL(`${config.graphUrl}/${config.apiVersion}/act_${config.accountId}/insights`);
  first.search = new URLSearchParams({
    level: 'campaign',
    time_increment: '1',
    fields: FIELDS,
    time_range: JSON.stringify({ since: from, until: to }),
    limit: '500',
  }).toString();
  const rows: SpendRow[] = [];
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
        source: META_SOURCE,
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
  return rows;
}
