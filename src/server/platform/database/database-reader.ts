import type { CompiledQuery, Kysely } from 'kysely';

/**
 * How the admin's longer reads (overview figures, funnel, export pages, retention) run: a query
 * built and compiled by the capability that owns it, executed on the database connection
 * (docs/decisions/146: on SQLite their figures did not need a thread of their own).
 */
export interface DatabaseReader {
  /** The rows of a compiled query, as objects (what Kysely's execute() resolves to). */
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
}

export const connectionReader = (db: Pick<Kysely<object>, 'executeQuery'>): DatabaseReader => ({
  read: async <Row>(query: CompiledQuery<Row>) => (await db.executeQuery(query)).rows,
});
