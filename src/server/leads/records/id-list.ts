import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../../platform/database/migration-runner';

/** `id` is one of `ids`, as one parameter: 10,000 would pass both drivers' parameter limits. */
export const idIn = (dialect: DialectName, ids: readonly number[]): RawBuilder<SqlBool> =>
  dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref('id')} = any(cast(${ids} as bigint[]))`
    : sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${JSON.stringify(ids)}))`;

/** An integer parameter in a select list: PostgreSQL reads a bare one there as text. */
export const asInteger = (value: number | null) => sql<number>`cast(${value} as integer)`;
