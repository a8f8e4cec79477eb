import { isoDay } from '../../src/shared/calendar-day';

/**
 * Runs `act` and gives its result with the UTC days it began and ended in. A day the server
 * takes during `act` (a visit's, an export's name) is one of the two: taking "today" only before
 * or after would fail a run that crosses midnight.
 */
export async function acrossDays<T>(
  act: () => Promise<T>,
): Promise<{ result: T; from: string; to: string }> {
  const from = isoDay(Date.now());
  const result = await act();
  return { result, from, to: isoDay(Date.now()) };
}
