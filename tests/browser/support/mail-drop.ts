import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalSmtp } from '../../support/smtp';
import { MESSAGES } from './outside-world';

/*
 * The `messages` server's mail server, started by Playwright beside the servers: a real SMTP
 * server that writes each message it receives to a file, so every spec file and worker reads it.
 */
rmSync(MESSAGES.mailDir, { recursive: true, force: true });
mkdirSync(MESSAGES.mailDir, { recursive: true });
let count = 0;
await startLocalSmtp(MESSAGES.smtpPort, (mail) => {
  writeFileSync(path.join(MESSAGES.mailDir, `${count++}.json`), JSON.stringify(mail));
});
