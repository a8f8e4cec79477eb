import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/admin/auth/password';
import {
  GENERATED_HASH_FILE,
  resolveAdminPasswordHash,
} from '../../src/server/admin/auth/password-source';
import { loadConfig } from '../../src/server/config/config';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-pw-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('admin password', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'scrypt$broken')).toBe(false);
  });

  it('generates a strong password on first start, announces it once and keeps only its hash (0600)', async () => {
    const dataDir = await tempDir();
    const announced: string[] = [];
    const options = {
      config: { password: undefined, hash: undefined },
      dataDir,
      announce: (password: string) => {
        announced.push(password);
      },
    };
    const hash = await resolveAdminPasswordHash(options);
    expect(announced).toHaveLength(1);
    const password = announced[0] as string;
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(await verifyPassword(password, hash)).toBe(true);

    const file = path.join(dataDir, GENERATED_HASH_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = await readFile(file, 'utf8');
    expect(stored.trim()).toBe(hash);
    expect(stored).not.toContain(password);

    // The next start reuses the stored hash and announces nothing.
    expect(await resolveAdminPasswordHash(options)).toBe(hash);
    expect(announced).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD or ADMIN_PASSWORD_HASH when set, and generates nothing', async () => {
    const dataDir = await tempDir();
    const announce = () => {
      throw new Error('nothing should be generated');
    };
    const fromPassword = await resolveAdminPasswordHash({
      config: { password: 'a-long-admin-password', hash: undefined },
      dataDir,
      announce,
    });
    expect(await verifyPassword('a-long-admin-password', fromPassword)).toBe(true);
    const given = await hashPassword('another-long-password');
    expect(
      await resolveAdminPasswordHash({
        config: { password: undefined, hash: given },
        dataDir,
        announce,
      }),
    ).toBe(given);
    await expect(stat(path.join(dataDir, GENERATED_HASH_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('refuses to start on a corrupt stored hash instead of silently replacing it', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, GENERATED_HASH_FILE), 'not a hash\n');
    await expect(
      resolveAdminPasswordHash({
        config: { password: undefined, hash: undefined },
        dataDir,
        announce: () => undefined,
      }),
    ).rejects.toThrow(/does not hold a valid password hash/);
  });

  it('validates the admin settings in the configuration', async () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 12/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD_HASH: 'plaintext' })).toThrow(/ADMIN_PASSWORD_HASH/);
    const hash = await hashPassword('a-long-admin-password');
    expect(() =>
      loadConfig({ ADMIN_PASSWORD: 'a-long-admin-password', ADMIN_PASSWORD_HASH: hash }),
    ).toThrow(/both set/);
    expect(loadConfig({ ADMIN_PASSWORD_HASH: hash }).admin.hash).toBe(hash);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toBe('10.0.0.1');
    expect(loadConfig({ SITE_URL: 'https://talent.example' }).mail.from).toBe(
      'Talent Bridge <no-reply@talent.example>',
    );
  });
});
