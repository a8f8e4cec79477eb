import {
  DEFAULT_RUNTIME_CONFIG,
  normalizeRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@shared/runtime-config';

let cached: RuntimeConfig | undefined;

/**
 * The server's run-time settings, read once from the page's JSON data block. On the server
 * (pre-rendering) and in `npm run dev` there is no block: the defaults apply.
 */
export function readRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  if (typeof document === 'undefined') return DEFAULT_RUNTIME_CONFIG;
  const element = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  let parsed: unknown;
  try {
    parsed = element?.textContent ? JSON.parse(element.textContent) : undefined;
  } catch {
    parsed = undefined;
  }
  cached = normalizeRuntimeConfig(parsed);
  return cached;
}
