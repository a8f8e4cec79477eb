/** LOG_FORMAT: `auto` picks by the terminal; `pretty` and `json` force one. */
export const LOG_FORMAT_SETTINGS = ['auto', 'pretty', 'json'] as const;
export type LogFormatSetting = (typeof LOG_FORMAT_SETTINGS)[number];
export type LogFormat = 'pretty' | 'json';

/** Readable lines on a terminal (stdout is a TTY), JSON anywhere else. */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTty: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTty ? 'pretty' : 'json';
}
