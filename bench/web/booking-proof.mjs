// /book shows its slots only to the person's proof (decision 176): bench:web has the owner take
// calls, applies once as a candidate would and measures /book with that browser's form proof.
import { randomBytes } from 'node:crypto';
import { BROWSER_USER_AGENT } from '../server.mjs';

/** The server's owner password (ADMIN_PASSWORD), made for this run. */
export const OWNER_PASSWORD = randomBytes(18).toString('base64url');

export const BOOK_ROUTE = '/book';

const APPLICATION = {
  email: 'bench-booking@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '555-0100',
  location: 'Austin, TX',
  educationLevel: 'some-college',
  techExperience: 'some-hardware',
  reason: 'I like building things.',
};

/** The owner takes calls at the default hours: an account that never saved hours offers none. */
async function ownerTakesCalls(baseUrl) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: OWNER_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const url = `${baseUrl}/api/admin/booking/availability`;
  const hours = await (await fetch(url, { headers: { cookie } })).text();
  const saved = await fetch(url, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: hours,
  });
  if (!saved.ok) throw new Error(`saving the owner's hours: ${saved.status}`);
}

/** Calls offered on the server at `baseUrl`, then a candidate's form proof, checked on /book. */
export async function bookingProof(baseUrl) {
  await ownerTakesCalls(baseUrl);
  const applied = await fetch(`${baseUrl}/api/candidates/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
    body: JSON.stringify(APPLICATION),
  });
  if (!applied.ok) throw new Error(`applying for /book's proof: ${applied.status}`);
  const proof = applied.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.startsWith('tb_lead='));
  const headers = { Cookie: proof ?? '' };
  const page = await fetch(`${baseUrl}${BOOK_ROUTE}`, { headers });
  if (!(await page.text()).includes('Pick a Time'))
    throw new Error(`${BOOK_ROUTE} offered no times to the proof`);
  return headers;
}
