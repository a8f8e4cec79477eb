// Run-time settings for the browser: a restart, no rebuild. Public only.

/** `notice`: track unless the visitor opts out (CCPA); `opt-in`: track only after consent (EU). */
export const CONSENT_MODES = ['notice', 'opt-in'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

export interface RuntimeConfig {
  /** Meta Pixel id; null: events are only recorded, nothing is sent. */
  metaPixelId: string | null;
  consentMode: ConsentMode;
  /** External questionnaire (Fillout/Typeform) /typeform embeds; null: the built-in one. */
  questionnaireUrl: string | null;
  /** Forms (their names) that ask for an ALTCHA proof of work (ALTCHA_FORMS); absent: none. */
  altchaForms?: string[];
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  metaPixelId: null,
  consentMode: 'notice',
  questionnaireUrl: null,
};

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

const PIXEL_ID = /^\d{5,20}$/;

/** Keeps only well-formed values; anything else falls back to the default. */
export function normalizeRuntimeConfig(value: unknown): RuntimeConfig {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { metaPixelId, consentMode, questionnaireUrl, altchaForms } = raw;
  return {
    metaPixelId: typeof metaPixelId === 'string' && PIXEL_ID.test(metaPixelId) ? metaPixelId : null,
    consentMode: CONSENT_MODES.includes(consentMode as ConsentMode)
      ? (consentMode as ConsentMode)
      : DEFAULT_RUNTIME_CONFIG.consentMode,
    questionnaireUrl:
      typeof questionnaireUrl === 'string' && /^https:\/\//.test(questionnaireUrl)
        ? questionnaireUrl
        : null,
    ...(Array.isArray(altchaForms) && altchaForms.length > 0
      ? { altchaForms: altchaForms.filter((name): name is string => typeof name === 'string') }
      : {}),
  };
}

/** A data block for a page's head; `<` is escaped so no value can close the script element. */
export const jsonScript = (id: string | null, value: object, type = 'application/json') =>
  `<script type="${type}"${id ? ` id="${id}"` : ''}>${JSON.stringify(value).replaceAll('<', '\\u003c')}</script>`;

export const runtimeConfigScript = (config: RuntimeConfig) =>
  jsonScript(RUNTIME_CONFIG_ELEMENT_ID, config);
