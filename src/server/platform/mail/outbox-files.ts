import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/* DATA_DIR/outbox's .eml files, searched and erased for a person; this instance's only. */

export const OUTBOX_FOLDER = 'outbox';

/** The message as searchable text: quoted-printable undone, base64 blocks decoded beside it. */
function readable(raw: string): string {
  const quotedPrintable = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Blocks = (raw.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? []).map((block) =>
    Buffer.from(block.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [raw, quotedPrintable, ...base64Blocks].join('\n').toLowerCase();
}

async function outboxNames(dataDir: string): Promise<string[]> {
  const names = await readdir(path.join(dataDir, OUTBOX_FOLDER)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return names.filter((file) => file.endsWith('.eml')).sort();
}

/** The outbox's e-mails (name and raw text) that mention the address (normalised), oldest first. */
export async function outboxMailMentioning(dataDir: string, normalizedEmail: string) {
  const found: { file: string; content: string }[] = [];
  for (const file of await outboxNames(dataDir)) {
    const content = await readFile(path.join(dataDir, OUTBOX_FOLDER, file), 'utf8').catch(() => '');
    if (readable(content).includes(normalizedEmail)) found.push({ file, content });
  }
  return found;
}

/** The retention: the outbox's e-mails written before `before`; how many went. */
export async function deleteOutboxMailBefore(dataDir: string, before: Date): Promise<number> {
  const old: string[] = [];
  for (const file of await outboxNames(dataDir)) {
    const written = await stat(path.join(dataDir, OUTBOX_FOLDER, file)).catch(() => undefined);
    if (written && written.mtime < before) old.push(file);
  }
  return deleteOutboxFiles(dataDir, old);
}

/** Deletes those files; how many went (one already gone is not counted). */
export async function deleteOutboxFiles(
  dataDir: string,
  names: readonly string[],
): Promise<number> {
  let deleted = 0;
  for (const name of names) {
    try {
      await unlink(path.join(dataDir, OUTBOX_FOLDER, path.basename(name)));
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
