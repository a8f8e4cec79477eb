import type { JSONSchema } from 'zod/v4/core';
import { NOT_IN_A_LINE, SINGLE_LINE_PATTERN } from '@shared/schemas/fields';

/*
 * The shared schemas trim before their minimum and patterns; a JSON Schema checks the text as
 * sent. One pattern says it exactly: white space, the trimmed text, white space.
 */

interface CheckDef {
  check: string;
  tx?: (value: string) => string;
  minimum?: number;
  pattern?: RegExp;
}

const trims = (def: CheckDef) => def.check === 'overwrite' && def.tx?.(' x\n') === 'x';

/** A pattern the trimmed text must match whole, as a lookahead where that text starts. */
function lookahead({ source }: RegExp): string {
  if (!source.startsWith('^') || !source.endsWith('$')) {
    throw new Error(`a trimmed text's pattern must be anchored at both ends: /${source}/`);
  }
  return `(?=(?:${source.slice(1, -1)})\\s*$)`;
}

/** At least `min` characters that neither start nor end with white space, or none. */
function trimmedText(min: number, inner: string, edge: string): string {
  if (min >= 2) return `${edge}${inner}{${min - 2},}${edge}`;
  const text = `${edge}(?:${inner}*${edge})?`;
  return min === 1 ? text : `(?:${text})?`;
}

/** Rewrites `json`, a string zod trims, to describe the text as sent; others stay as they are. */
export function describeTrimmedText(checks: readonly CheckDef[], json: JSONSchema.BaseSchema) {
  const trimAt = checks.findIndex(trims);
  if (trimAt < 0) return;
  const after = checks.slice(trimAt + 1);
  if (after.some((def) => def.check === 'max_length')) {
    throw new Error('check the maximum length as sent, before trimming (schemas/fields.ts)');
  }
  const min = Math.max(0, ...after.map((def) => def.minimum ?? 0));
  const patterns = after.flatMap((def) => (def.pattern ? [def.pattern] : []));
  // Blank or any text: nothing to say beyond maxLength.
  if (min === 0 && patterns.length === 0) return;
  const oneLine = patterns.includes(SINGLE_LINE_PATTERN);
  const inner = oneLine ? `[^${NOT_IN_A_LINE}]` : '[\\s\\S]';
  const edge = oneLine ? `[^\\s${NOT_IN_A_LINE}]` : '\\S';
  const others = patterns.filter((pattern) => pattern !== SINGLE_LINE_PATTERN).map(lookahead);
  json.pattern = `^\\s*${others.join('')}${trimmedText(min, inner, edge)}\\s*$`;
  if (json.allOf?.every((part) => Object.keys(part).join() === 'pattern')) delete json.allOf;
}
