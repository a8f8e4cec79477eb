import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { build } from 'vite';
import { hashPassword } from '../../src/server/admin/auth/password';

const root = path.resolve(import.meta.dirname, '../..');
let outDir = '';
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/**
 * Builds the browser bundle with an admin password and hash in the environment, as a
 * careless deployment would, and checks no emitted file carries either (issue 4).
 */
it(
  'emits no admin password or password hash into the client bundle',
  { timeout: 240_000 },
  async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'tb-bundle-'));
    const password = `bundle-probe-${Date.now()}`;
    const hash = await hashPassword(password);
    const saved = { password: process.env.ADMIN_PASSWORD, hash: process.env.ADMIN_PASSWORD_HASH };
    process.env.ADMIN_PASSWORD = password;
    process.env.ADMIN_PASSWORD_HASH = hash;
    try {
      await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.ADMIN_PASSWORD = saved.password;
      process.env.ADMIN_PASSWORD_HASH = saved.hash;
      if (saved.password === undefined) delete process.env.ADMIN_PASSWORD;
      if (saved.hash === undefined) delete process.env.ADMIN_PASSWORD_HASH;
    }
    const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    // The admin chunk is there (so the check covers it) and carries the admin screen.
    const contents = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    expect(contents.some((text) => text.includes('Incorrect password'))).toBe(true);
    const salt = hash.split('$')[4] as string;
    for (const [index, text] of contents.entries()) {
      expect(text.includes(password), files[index]).toBe(false);
      expect(text.includes(hash), files[index]).toBe(false);
      expect(text.includes(salt), files[index]).toBe(false);
      expect(/scrypt\$\d+\$/.test(text), files[index]).toBe(false);
    }
  },
);
