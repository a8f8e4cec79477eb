import { describe, expect, it } from 'vitest';
import { CELL_SEPARATOR, exportBatches, PAGE_ROWS } from './export-batches';

describe('exportBatches', () => {
  it('follows keyset pages by created_at and id, reading odd rows by id', async () => {
    const cursors: unknown[] = [];
    const all = Array.from({ length: 12_000 }, (_, n) => ({
      cells: n === 3 ? `3${CELL_SEPARATOR}x${CELL_SEPARATOR}y` : `${n}${CELL_SEPARATOR}`,
      created_at: `t${String(100_000 - n)}`,
      id: n,
    }));
    const seen: unknown[] = [];
    for await (const batch of exportBatches({
      valuesById: async (id) => [id, `x${CELL_SEPARATOR}y`],
      page: async (cursor, size) => {
        cursors.push(cursor);
        const start = cursor ? cursor.id + 1 : 0;
        return all.slice(start, start + size);
      },
      width: 2,
    })) {
      seen.push(...batch.map(([cells]) => cells));
    }
    expect(seen).toHaveLength(12_000);
    expect(seen[1]).toBe(`1${CELL_SEPARATOR}`);
    expect(seen[3]).toEqual([3, `x${CELL_SEPARATOR}y`]);
    // One page after the last full one, which answers empty.
    expect(cursors).toHaveLength(12_000 / PAGE_ROWS + 1);
    const lastOfPage = (page: number) => page * PAGE_ROWS - 1;
    expect(cursors.slice(0, 3)).toEqual([
      undefined,
      { createdAt: `t${100_000 - lastOfPage(1)}`, id: lastOfPage(1) },
      { createdAt: `t${100_000 - lastOfPage(2)}`, id: lastOfPage(2) },
    ]);
  });
});
