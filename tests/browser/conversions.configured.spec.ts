import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';
import { CONFIGURED, stubPixel, type PixelCall } from './support/outside-world';
import { signIn } from './support/admin';
import { formSubmit } from './support/lead-forms';
import { gotoHydrated, site } from './support/site';
import { uniqueEmail } from './support/tracking';
import { startGraphReceiver, type GraphReceiver } from '../support/graph-receiver';

/*
 * Meta's Conversions API beside the pixel (decision 110), on the configured server: its
 * META_GRAPH_URL is this local stand-in for the Graph API. The pixel's Lead and the server's
 * Lead of one submission carry the same id, so Meta keeps one copy.
 */

let graph: GraphReceiver;
test.beforeAll(async () => {
  graph = await startGraphReceiver(CONFIGURED.graphPort);
});
test.afterAll(async () => {
  await graph?.close();
});

const FBCLID = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgE';
const FBP = 'fb.1.1700000000000.1234567890';

test("the pixel's eventID and the server's event_id of a lead are the same", async ({
  page,
  baseURL,
}) => {
  const pixelCalls = await stubPixel(page);
  // Meta's script would set _fbp; the stub does not, so the browser starts with one.
  await page.context().addCookies([{ name: '_fbp', value: FBP, url: baseURL! }]);
  await gotoHydrated(page, `/career?utm_source=facebook&fbclid=${FBCLID}`);
  const email = uniqueEmail('capi');
  await page.getByLabel('Email').fill(email);
  await formSubmit(page, 'Get Started').click();
  await expect(page).toHaveURL(/\/apply$/);

  const isLead = ([, name]: PixelCall) => name === 'Lead';
  await expect.poll(async () => (await pixelCalls()).some(isLead)).toBe(true);
  const lead = (await pixelCalls()).find(isLead)!;
  const eventID = (lead[3] as { eventID?: string } | undefined)?.eventID;
  expect(eventID).toMatch(/^[0-9a-f-]{36}$/);

  const emailHash = createHash('sha256').update(email.toLowerCase()).digest('hex');
  await expect
    .poll(
      () =>
        graph.received
          .flatMap((request) => request.body.data)
          .filter((event) => (event.user_data as { em?: string[] }).em?.[0] === emailHash),
      { timeout: 15_000 },
    )
    .toEqual([
      expect.objectContaining({
        event_name: 'Lead',
        event_id: eventID,
        action_source: 'website',
        event_source_url: `${site.siteUrl.replace(/\/+$/, '')}/career`,
        user_data: expect.objectContaining({
          fbp: FBP,
          fbc: expect.stringMatching(new RegExp(`^fb\\.1\\.\\d{13}\\.${FBCLID}$`)),
          client_user_agent: await page.evaluate(() => navigator.userAgent),
        }),
      }),
    ]);
  expect(new Set(graph.received.map((request) => request.path))).toEqual(
    new Set([`/v24.0/${CONFIGURED.pixelId}/events`]),
  );

  // The admin sees it in the lead's detail.
  await signIn(page);
  const found = await page.request.get(`/api/candidate-submissions?q=${encodeURIComponent(email)}`);
  const [row] = (await found.json()) as { id: number }[];
  await page.goto(`/admin?candidate=${row!.id}`);
  const sentToMeta = page.getByRole('dialog').getByRole('region', { name: 'Sent to Meta' });
  await expect(sentToMeta).toContainText(/Lead · Sent/);
});
