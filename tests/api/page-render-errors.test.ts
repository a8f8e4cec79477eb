import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { fakeSiteBuild, uniqueEmail } from '../support/test-app';
import { adminEnv } from '../support/admin';

/**
 * A page that cannot be rendered fails that request only (issue 20): its page shell was
 * removed from under the running server (a rebuild in place did that once, and the unhandled
 * ENOENT ended the process). The server is the real entry point in a process of its own, so
 * a crash would show as the process ending.
 */

let root: string;
let buildDir: string;
let server: ServerProcess;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tb-render-errors-'));
  const clientDir = await fakeSiteBuild(['/career', '/apply']);
  buildDir = path.dirname(clientDir);
  server = await startServerProcess({
    ...adminEnv,
    DATA_DIR: path.join(root, 'data'),
    CLIENT_DIR: clientDir,
  });
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

/** What a browser sends when it follows a link or submits a form itself. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'user-agent': BROWSER_USER_AGENT,
};

interface Answer {
  status: number;
  cookies: string[];
  location?: string;
  body: string;
}

/** One request as a browser navigates (fetch() would send its own Sec-Fetch-Mode: cors). */
function navigate(url: string, headers: Record<string, string> = {}, form?: URLSearchParams) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      `${server.baseUrl}${url}`,
      {
        method: form ? 'POST' : 'GET',
        headers: {
          ...NAVIGATION,
          ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: response.headers['set-cookie'] ?? [],
            location: response.headers.location,
            body,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(form?.toString());
  });
}

/**
 * /career's e-mail form posted without JavaScript, then the 303's page (/apply) fetched with
 * the cookies it set, as the browser does: that page is rendered with the form's state.
 */
async function postEmailFormAndFollow(): Promise<Answer> {
  const posted = await navigate(
    '/api/candidates/email',
    {},
    new URLSearchParams({ email: uniqueEmail('render-errors'), page: '/career' }),
  );
  expect(posted.status).toBe(303);
  expect(posted.location).toBe('/apply');
  const cookie = posted.cookies.map((header) => header.split(';')[0]).join('; ');
  expect(cookie).not.toBe('');
  return navigate('/apply', { cookie });
}

it('answers 500 without a stack when a page shell is missing, and keeps serving', async () => {
  const shell = path.join(buildDir, 'shells', 'apply.html');
  const kept = path.join(buildDir, 'apply.html.kept');
  await copyFile(shell, kept);
  await rm(shell);

  const failed = await postEmailFormAndFollow();
  expect(failed.status).toBe(500);
  expect(JSON.parse(failed.body)).toEqual({ error: 'Internal server error' });
  expect(failed.body).not.toMatch(/ENOENT|shells|at .*\.[jt]s:\d+/);

  // The process is still up: the health check, the static pages and the failed page again.
  expect(server.child.exitCode).toBeNull();
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  const career = await navigate('/career');
  expect(career.status).toBe(200);
  expect(career.body).toContain('static /career');
  expect((await postEmailFormAndFollow()).status).toBe(500);

  // The failure was not remembered: with the shell back, the page renders again.
  await copyFile(kept, shell);
  const rendered = await postEmailFormAndFollow();
  expect(rendered.status).toBe(200);
  expect(rendered.body).toContain('rendered /apply');
  expect(server.child.exitCode).toBeNull();
}, 60_000);
