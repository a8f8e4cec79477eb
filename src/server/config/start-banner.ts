import { SQLITE_FILE_NAME } from '../platform/database/connection';
import type { ServerConfig } from './config';
import { configurationSummary, databaseSummary } from './config-summary';
import { HOST_FORMS } from './setting-parsers';

/* What `npm start` prints once it listens, and the JSON log's `ready` entry (decision 142). */

export interface StartFacts {
  /** Where the server listens, as a browser on this machine reaches it. */
  url: string;
  admin: {
    /** DATA_DIR/admin-password.hash (generated passwords). */
    hashFile: string;
    /** This start generated the password (shown on the terminal, or written to passwordFile). */
    generatedNow: boolean;
    /** DATA_DIR/admin-password.txt while it exists: a generated password with no terminal. */
    passwordFile: string | undefined;
  };
}

/** The address a local browser opens: a wildcard or loopback host is `localhost`. */
export function localUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const PORT_REFUSALS: Record<string, string> = {
  EADDRINUSE: 'another process listens on it (a server already running?): stop it, or set PORT',
  EACCES: 'a port below 1024 needs privileges: set PORT to 1024 or more, behind a proxy',
};

/** Why the server cannot listen on HOST or PORT, naming the setting; other failures as they are. */
export function listenRefusal(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: string }).code ?? '';
  const why = PORT_REFUSALS[code];
  if (why) return new Error(`PORT ${port}: the server cannot listen there (${code}): ${why}`);
  if (!['ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL'].includes(code)) return error;
  return new Error(`HOST ${host}: the server cannot listen there (${code}): HOST ${HOST_FORMS}`);
}

function adminPasswordText(config: ServerConfig, admin: StartFacts['admin']): string {
  const { hashFile, generatedNow, passwordFile } = admin;
  if (config.admin.hash) return 'set by ADMIN_PASSWORD_HASH';
  if (config.admin.password) return 'set by ADMIN_PASSWORD';
  const kept = `only its hash is kept, in ${hashFile}`;
  if (passwordFile) {
    return `generated: in ${passwordFile}, readable by this user only (delete it once signed in); ${kept}`;
  }
  return generatedNow
    ? `generated now: shown once above as "ADMIN PASSWORD GENERATED"; ${kept}`
    : `generated on the first start (shown then, once, as "ADMIN PASSWORD GENERATED"); ${kept}: ` +
        'delete that file and restart for a new one';
}

/** What the banner (`label`) and the `ready` log entry (`key`) say. */
function startLines(config: ServerConfig, facts: StartFacts) {
  const summary = configurationSummary(config);
  const item = (key: string) => summary.items.find((one) => one.key === key)?.summary ?? '';
  const publicUrl = config.site.siteUrl === facts.url ? [] : [config.site.siteUrl];
  const lines = [
    { key: 'url', label: 'URL', text: facts.url },
    ...publicUrl.map((text) => ({ key: 'siteUrl', label: 'Public URL', text })),
    { key: 'admin', label: 'Admin', text: `${facts.url}/admin` },
    { key: 'database', label: 'Database', text: databaseSummary(config, SQLITE_FILE_NAME) },
    { key: 'mail', label: 'Mail', text: item('mail') },
    { key: 'adminPassword', label: 'Admin password', text: adminPasswordText(config, facts.admin) },
    { key: 'metrics', label: 'Metrics', text: item('metrics') },
  ];
  return { lines, warnings: summary.warnings };
}

export function startFields(config: ServerConfig, facts: StartFacts): Record<string, unknown> {
  const { lines, warnings } = startLines(config, facts);
  return { ...Object.fromEntries(lines.map(({ key, text }) => [key, text])), warnings };
}

export function startBanner(config: ServerConfig, facts: StartFacts): string {
  const { lines, warnings } = startLines(config, facts);
  const width = Math.max(...lines.map(({ label }) => label.length));
  const title = `${config.site.brandName} is running (${config.env})`;
  return [
    '',
    `  ${title}`,
    ...lines.map(({ label, text }) => `  ${label.padEnd(width)}  ${text}`),
    ...warnings.map((warning) => `  !! WARNING: ${warning}`),
    '',
    '',
  ].join('\n');
}
