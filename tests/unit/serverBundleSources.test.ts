// `npm start` builds the server bundle again when one of its sources changed
// (server/build/server-bundle.mjs): a module of the app's that the server imports must be one of
// them, or a change to it (the page's inline first calls) goes out only with the next server change.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sources } from '../../server/build/server-bundle.mjs';

const root = path.resolve(__dirname, '../..');

function* filesUnder(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (/\.(ts|mts|mjs)$/.test(entry.name)) yield full;
  }
}

describe('the server bundle’s sources', () => {
  it('hold every module outside server/ and types/ that the server imports, and what those import', () => {
    const seen = new Set<string>();
    const queue = [...filesUnder(path.join(root, 'server'))];
    const outside: string[] = [];
    while (queue.length) {
      const file = queue.pop()!;
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const base = path.resolve(path.dirname(file), specifier);
        const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
          (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
        );
        if (!target || seen.has(target)) continue;
        seen.add(target);
        const relative = path.relative(root, target);
        if (relative.startsWith('server/') || relative.startsWith('types/')) continue;
        outside.push(relative);
        queue.push(target);
      }
    }
    expect(outside.length).toBeGreaterThan(0);
    for (const file of outside)
      expect(
        sources.some((source) => path.join(root, file).startsWith(source)),
        file,
      ).toBe(true);
  });
});
