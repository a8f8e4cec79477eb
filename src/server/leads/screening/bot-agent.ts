import { isbot } from 'isbot';

/** User agents remembered; most traffic comes from a few hundred browser versions. */
const MAX_AGENTS = 1000;
const verdicts = new Map<string, boolean>();

/**
 * isbot's verdict on `userAgent`, remembered: isbot runs one large regular expression, a
 * noticeable share of a lead request's time (docs/decisions/117), and the same few browser
 * versions send most requests. Bounded: past MAX_AGENTS the oldest verdict is forgotten.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (userAgent === undefined) return isbot(userAgent);
  const known = verdicts.get(userAgent);
  if (known !== undefined) return known;
  const verdict = isbot(userAgent);
  if (verdicts.size >= MAX_AGENTS) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(userAgent, verdict);
  return verdict;
}
