import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SQLITE_FILE_NAME } from '../platform/database/connection';

/* DATA_DIR/backups (decision 130): time-named copies beside a `sha256sum -c` checksum. */

export const backupsDirOf = (dataDir: string) => path.join(dataDir, 'backups');

const BACKUP_NAME = /^talent-bridge-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d\.\d{3}Z)\.sqlite$/;
/** A backup being written; one left by a killed process is deleted by a later prune. */
export const PARTIAL_SUFFIX = '.partial';
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** `talent-bridge-2026-11-23T19-30-00.123Z.sqlite`: ISO time, colons made file-name safe. */
export const backupNameAt = (time: Date) =>
  `talent-bridge-${time.toISOString().replaceAll(':', '-')}.sqlite`;

/** When the backup `name` was made: backupNameAt's inverse. */
export const backupTimeOf = (name: string) => Date.parse(name.replace(BACKUP_NAME, '$1:$2:$3'));

/** The copy a restore swaps in: one a killed restore left is deleted by a start or a restore. */
export const restorePartialOf = (dataDir: string) =>
  path.join(dataDir, `${SQLITE_FILE_NAME}.restore${PARTIAL_SUFFIX}`);

export const checksumFileOf = (file: string) => `${file}.sha256`;

/** The file's SHA-256, hex, read as a stream (a backup may be gigabytes). */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** sha256sum's line: the hex digest, two spaces, the file's name. */
export const checksumLine = (sha256: string, name: string) => `${sha256}  ${name}\n`;

/** The digest in a sha256sum line (text or binary mode), or undefined when it is not one. */
export function digestIn(line: string): string | undefined {
  return /^([0-9a-f]{64}) [ *]\S/i.exec(line.trim())?.[1]?.toLowerCase();
}

export async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The backups in `dir`, oldest first (their names sort by time). */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

/** Keeps the newest `keep` backups and drops partial files an hour old; the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) {
    // Another process (the CLI beside the server's schedule) may prune the same file.
    await rm(path.join(dir, name), { force: true });
    await rm(checksumFileOf(path.join(dir, name)), { force: true });
  }
  const stale: string[] = [];
  for (const name of await readdir(dir)) {
    // The partial file, or the journal SQLite keeps beside it while writing.
    if (!name.includes(PARTIAL_SUFFIX)) continue;
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) {
      await rm(path.join(dir, name), { force: true });
      stale.push(name);
    }
  }
  return [...old, ...stale];
}
