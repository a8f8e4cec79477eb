// /book shows its slots only to the person's proof (decision 176): bench:web applies once as a
// candidate would and measures /book with that browser's form proof, as its Cookie header.
import { BROWSER_USER_AGENT } from '../server.mjs';

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

/** Applies on the server at `baseUrl`; the form proof's request headers, checked on /book. */
export async function bookingProof(baseUrl) {
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
