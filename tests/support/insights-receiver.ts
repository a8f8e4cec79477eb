import { listenAsReceiver, type FailingReceiver } from './http-receiver';
import { freePort } from './ports';

export interface InsightsRow {
  campaign_id: string;
  campaign_name: string;
  spend: string;
  impressions: string;
  clicks: string;
  account_currency: string;
  date_start: string;
  date_stop: string;
}

export interface InsightsReceiver extends FailingReceiver {
  /** What META_GRAPH_URL points at. */
  url: string;
  /** The rows the account's insights answer, `pageSize` a page. */
  rows: InsightsRow[];
  pageSize: number;
  /** Each GET: its path and query, and its Authorization header. */
  requests: { url: URL; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A real local HTTP server standing in for the Graph API's insights edge: it pages its rows
 * with `paging.next` (a cursor, as Meta does, with the token in the next page's address) and
 * answers Meta's error shape to the requests its failures pick.
 */
export async function startInsightsReceiver(): Promise<InsightsReceiver> {
  const port = await freePort();
  const receiver: InsightsReceiver = {
    url: `http://127.0.0.1:${port}`,
    rows: [],
    pageSize: 2,
    requests: [],
    ...(await listenAsReceiver(
      port,
      '{"error":{"message":"Service temporarily unavailable","code":2}}',
      (request, _body, response) => {
        const url = new URL(request.url ?? '/', receiver.url);
        receiver.requests.push({ url, authorization: request.headers.authorization });
        const after = Number(url.searchParams.get('after') ?? 0);
        const end = after + receiver.pageSize;
        const next = new URL(url);
        next.searchParams.set('after', String(end));
        next.searchParams.set('access_token', 'token-in-next-page');
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            data: receiver.rows.slice(after, end),
            paging: {
              cursors: { before: String(after), after: String(end) },
              ...(end < receiver.rows.length ? { next: next.toString() } : {}),
            },
          }),
        );
      },
    )),
  };
  return receiver;
}
