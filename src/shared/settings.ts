import { z } from 'zod';

/** The unit a numeric setting's name ends with (BACKUP_INTERVAL_HOURS, SPAM_MIN_FILL_MS). */
const UNITS: Record<string, string> = { HOURS: 'hour', DAYS: 'day', MS: 'millisecond' };

/** What a variable takes, in an operator's words, never its value (a secret?); a schema's own wins. */
const whatItTakes: z.core.$ZodErrorMap = (issue) => {
  const unit = UNITS[/_([A-Z]+)$/.exec(String(issue.path?.at(-1)))?.[1] ?? ''];
  const limit = (word: string, value: unknown, origin: string) => {
    const noun = origin === 'string' ? 'character' : unit;
    const plural = Number(value) === 1 ? '' : 's'; // "at least 1 day", "0 days"
    return `must be ${word} ${String(value)}${noun ? ` ${noun}${plural}` : ''}`;
  };
  const strict = 'inclusive' in issue && issue.inclusive === false;
  switch (issue.code) {
    case 'invalid_type': {
      if (!(issue.inst instanceof z.ZodNumber)) return undefined;
      const whole = issue.inst.format === 'safeint' ? 'whole ' : '';
      return `must be a ${whole}number${unit ? ` of ${unit}s` : ''}`;
    }
    case 'too_small':
      return limit(strict ? 'more than' : 'at least', issue.minimum, issue.origin);
    case 'too_big':
      return limit(strict ? 'less than' : 'at most', issue.maximum, issue.origin);
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an e-mail address';
      return issue.format === 'url' ? 'must be a URL' : undefined;
  }
};

/** Stops the start with every problem, each naming its environment variable. */
export function refuseSettings(problems: string[] = []): void {
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** Reads settings keyed by their environment variables; a blank value is the same as unset. */
export function readSettings<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(set, { error: whatItTakes });
  refuseSettings(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  return parsed.data as z.output<S>;
}
