import { describe, expect, it } from 'vitest';
import { rowToWire } from '../../server/db/naming.ts';

describe('rows from the database get the wire names', () => {
  it('converts each row of a statement, whatever its shape, and leaves values as they are', () => {
    const when = new Date('2026-11-25T10:00:00Z');
    const bytes = Buffer.from('x');
    const rows = [
      { user_id: 1, first_name: 'Ada', created_at: when, photo: bytes },
      { user_id: 2, first_name: 'Alan', created_at: null, photo: null },
    ];
    expect(rowToWire(rows)).toEqual([
      { UserId: 1, FirstName: 'Ada', CreatedAt: when, Photo: bytes },
      { UserId: 2, FirstName: 'Alan', CreatedAt: null, Photo: null },
    ]);
    expect((rowToWire(rows) as Array<{ CreatedAt: unknown }>)[0].CreatedAt).toBe(when);
  });

  it('converts a row whose keys differ from the first row on its own, dropping and inventing nothing', () => {
    const mixed = [{ user_id: 1, first_name: 'Ada' }, { user_id: 2, last_name: 'Turing' }, { user_id: 3 }, { user_id: 4, first_name: 'Grace', is_master: true }];
    expect(rowToWire(mixed)).toStrictEqual([{ UserId: 1, FirstName: 'Ada' }, { UserId: 2, LastName: 'Turing' }, { UserId: 3 }, { UserId: 4, FirstName: 'Grace', IsMaster: true }]);
  });

  it('keeps scalars, dates and empty results, and converts a raw result inside its envelope', () => {
    expect(rowToWire([1, 'two', null])).toEqual([1, 'two', null]);
    expect(rowToWire([])).toEqual([]);
    expect(rowToWire(null)).toBeNull();
    expect(rowToWire({ record_count: 3 })).toEqual({ RecordCount: 3 });
    const raw = { rows: [{ domain_id: '7' }], fields: [{ name: 'domain_id' }], rowCount: 1 };
    expect(rowToWire(raw)).toEqual({ rows: [{ DomainId: '7' }], fields: [{ name: 'domain_id' }], rowCount: 1 });
  });
});
