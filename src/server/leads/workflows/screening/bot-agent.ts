import { isbot } from 'isbot';

/** User agents remembered; most traffic comes from a few hundred browser versions. */
const MAX_AGENTS = 1000;
const verdicts = new Map<string, boolean>();

/** isbot's verdict per user agent, remembered: its large regular expression costs (decision 010). */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return isbot(userAgent);
  const known = verdicts.get(userAgent);
  if (known !== undefined) return known;
  const verdict = isbot(userAgent);
  if (verdicts.size >= MAX_AGENTS) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(userAgent, verdict);
  return verdict;
}
