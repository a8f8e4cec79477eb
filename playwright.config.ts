import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CONFIGURED, MESSAGES } from './tests/browser/support/outside-world';
import { E2E_ADMIN_ENV } from './tests/support/e2e';

/** Browser tests drive Debian's Chromium against the production build served by our server. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * Debian's old headless shell of the same Chromium build (package chromium-headless-shell): what
 * Playwright itself runs for headless tests, at about half the CPU of the full browser per page.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** A second server with a pixel id and an external questionnaire, for `*.configured.spec.ts`. */
const CONFIGURED_PORT = PORT + 1;
const CONFIGURED_SPECS = /\.configured\.spec\.ts$/;
/** A third server in opt-in consent mode (CONSENT_MODE=opt-in, with a pixel id): `*.opt-in.spec.ts`. */
const OPT_IN_PORT = PORT + 2;
const OPT_IN_SPECS = /\.opt-in\.spec\.ts$/;
/** A fourth server whose mail goes to a local SMTP server, reminders in seconds: `*.messages.spec.ts`. */
const MESSAGES_PORT = PORT + 4;
const MESSAGES_SPECS = /\.messages\.spec\.ts$/;
const dataDir = (name: string) => mkdtempSync(path.join(tmpdir(), `talent-bridge-e2e-${name}-`));

function server(port: number, env: Record<string, string>) {
  return {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Four servers start at once beside the build's tail; a busy 2-core machine needs time.
    timeout: 90_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every test posts its leads from 127.0.0.1; the limit itself is tested in tests/api.
      LEAD_RATE_LIMIT: '0',
      // Tests fill forms in milliseconds; the time trap has its own tests (decision 095).
      SPAM_MIN_FILL_MS: '0',
      // A known admin password for tests/browser/admin.spec.ts (never a real one).
      ...E2E_ADMIN_ENV,
      ...env,
    },
  };
}

/** The specs `testMatch` names, run against the server on `port` (Debian's Chromium, desktop). */
const ownServerProject = (name: string, testMatch: RegExp, port: number, workers?: number) => ({
  name,
  testMatch,
  workers,
  use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${port}` },
});

export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One of three runs the messages' specs, which mostly wait on mail and reminders, then helps
  // the rest (measured on 2 cores: 881 s, against 1,029 s with two workers, CPU idle meanwhile).
  workers: 3,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No traces, on CI either: recording one costs every test its screenshots and DOM snapshots,
    // passing or not (measured: 163 s against 89 s for two spec files). A failure still leaves
    // error-context.md with the page's snapshot; `--trace retain-on-failure` records them on demand.
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // One at a time, beside the others from the start: its tests wait on mail and reminders
    // (about 16 s each) while the CPU serves the rest; last, they were the run's tail.
    ownServerProject('messages', MESSAGES_SPECS, MESSAGES_PORT, 1),
    {
      name: 'chromium',
      testIgnore: [CONFIGURED_SPECS, OPT_IN_SPECS, MESSAGES_SPECS],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    ownServerProject('configured', CONFIGURED_SPECS, CONFIGURED_PORT),
    ownServerProject('opt-in', OPT_IN_SPECS, OPT_IN_PORT),
  ],
  webServer: [
    server(PORT, { DATA_DIR: dataDir('default') }),
    server(CONFIGURED_PORT, {
      DATA_DIR: dataDir('configured'),
      META_PIXEL_ID: CONFIGURED.pixelId,
      QUESTIONNAIRE_URL: CONFIGURED.questionnaireUrl,
      META_CAPI_ACCESS_TOKEN: CONFIGURED.capiToken,
      META_GRAPH_URL: `http://127.0.0.1:${CONFIGURED.graphPort}`,
    }),
    server(OPT_IN_PORT, {
      DATA_DIR: dataDir('opt-in'),
      META_PIXEL_ID: CONFIGURED.pixelId,
      CONSENT_MODE: 'opt-in',
    }),
    server(MESSAGES_PORT, {
      DATA_DIR: dataDir('messages'),
      SMTP_URL: `smtp://127.0.0.1:${MESSAGES.smtpPort}`,
      REMINDER_DELAYS: MESSAGES.reminderDelays,
      CALL_REMINDERS: MESSAGES.callReminders,
      CONFIRMATION_DELAY: MESSAGES.confirmationDelay,
    }),
    {
      command: 'npx tsx tests/browser/support/mail-drop.ts',
      port: MESSAGES.smtpPort,
      reuseExistingServer: false,
      timeout: 90_000,
    },
  ],
});
