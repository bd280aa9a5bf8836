import { describe, expect, it } from 'vitest';
import { markdownTables, sideBySide, withoutAgainst } from '../../../bench/against';
import { table } from '../../../bench/stats';

describe('bench --against', () => {
  it('reads back the tables the bench prints', () => {
    const rows = [
      { database: 'PostgreSQL 15, 1000 profiles', case: 'nothing writing', role: 'staff', 'p95 ms': 9.6 },
      { database: 'PostgreSQL 15, 1000 profiles', case: 'nothing writing', role: 'normal user', 'p95 ms': 5.2 },
    ];
    const printed = `## Profiles\n\n  index: built\n${table([{ a: 1 }])}\n\nsome line\n${table(rows)}\n`;
    const tables = markdownTables(printed);
    expect(tables).toHaveLength(2);
    expect(tables[0]).toEqual([{ a: '1' }]);
    expect(tables[1]).toEqual(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]))));
  });

  it('sets the other checkout’s rows beside ours by case and role, with columns only one side has', () => {
    const ours = [
      { case: 'idle', role: 'staff', p95: 1 },
      { case: 'idle', role: 'user', p95: 2 },
    ];
    const theirs: Record<string, string>[] = [
      { case: 'idle', role: 'user', p95: '4', old: 'x' },
      { case: 'idle', role: 'staff', p95: '3' },
      { case: 'ratings', role: 'staff', p95: '5' },
    ];
    const merged = sideBySide(ours, theirs, '/tmp/before');
    expect(merged.map((r) => `${r.checkout} ${r.role} ${r.p95}`)).toEqual([
      'this one staff 1',
      '/tmp/before staff 3',
      'this one user 2',
      '/tmp/before user 4',
      '/tmp/before staff 5',
    ]);
    const printed = table(merged).split('\n');
    expect(printed[0]).toBe('| checkout | case | role | p95 | old |');
    expect(printed[2]).toBe('| this one | idle | staff | 1 |  |');
    expect(printed[5]).toBe('| /tmp/before | idle | user | 4 | x |');
  });

  it('passes every argument on but --against', () => {
    expect(withoutAgainst(['profiles', '--against', '/tmp/b', '--cases', 'idle', '--against=/x', '--warm'])).toEqual([
      'profiles',
      '--cases',
      'idle',
      '--warm',
    ]);
  });
});
