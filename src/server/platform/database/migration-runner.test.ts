import type { Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inOrder, type MigrationSet } from './migration-runner';

const noop: Migration = { up: async () => undefined };
const set =
  (...names: string[]): MigrationSet =>
  () =>
    Object.fromEntries(names.map((name) => [name, noop]));

describe('inOrder', () => {
  it('gives every registered migration, in name order', () => {
    const all = inOrder([set('002_b'), set('001_a')], ['001_a', '002_b', '003_c'])('sqlite');
    expect(Object.keys(all)).toEqual(['001_a', '002_b']);
  });

  it('refuses a migration the order does not name', () => {
    const unregistered = inOrder([set('001_a', '004_new')], ['001_a']);
    expect(() => unregistered('sqlite')).toThrow('migration 004_new is not in the migration order');
  });

  it('refuses an order that does not sort by name, as Kysely runs them', () => {
    expect(() => inOrder([], ['002_b', '001_a'])).toThrow('not sorted by name at 001_a');
  });

  it('refuses a name two capabilities both use', () => {
    expect(() => inOrder([set('001_a'), set('001_a')], ['001_a'])('sqlite')).toThrow(
      'two migrations are named 001_a',
    );
  });
});
