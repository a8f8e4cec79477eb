import {
  DEFAULT_RUNTIME_CONFIG,
  normalizeRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '@shared/runtime-config';

let cached: RuntimeConfig | undefined;

/** The run-time settings from the page's data block; defaults without one (pre-render, dev). */
export function readRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  if (typeof document === 'undefined') return DEFAULT_RUNTIME_CONFIG;
  const element = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  let parsed: unknown;
  try {
    parsed = element?.textContent ? JSON.parse(element.textContent) : undefined;
  } catch {
    // malformed: the defaults
  }
  return (cached = normalizeRuntimeConfig(parsed));
}
