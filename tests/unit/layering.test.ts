// The app's import graph (docs/ARCHITECTURE.md: layers only look down): the providers
// never import the app, authProvider depends on dataProvider and never the reverse (both
// may use the wire types of types/), and no file of the app takes part in an import
// cycle, type-only imports included.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const APP_DIRS = ['dataProvider', 'authProvider', 'src', 'resources'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The app files `file` imports (relative specifiers only), as paths from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const [, specifier] of text.matchAll(SPECIFIER)) {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    if (found) targets.push(relative(root, found));
  }
  return targets;
}

const graph = new Map(APP_DIRS.flatMap((dir) => sourceFiles(join(root, dir))).map((file) => [relative(root, file), importsOf(file)]));

const topDir = (path: string) => path.split('/')[0];

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import layering', () => {
  it('reads the app (sanity check of the graph)', () => {
    expect(graph.get('authProvider/index.ts')).toContain('dataProvider/index.ts');
    expect(graph.size).toBeGreaterThan(50);
  });

  /** The imports of files under `dir` that leave the folders it may use. */
  const importsLeaving = (dir: string, allowed: string[]) =>
    [...graph].flatMap(([file, targets]) =>
      topDir(file) === dir ? targets.filter((t) => !allowed.includes(topDir(t))).map((t) => `${file} → ${t}`) : [],
    );

  it('dataProvider imports nothing of authProvider, src or resources', () => {
    expect(importsLeaving('dataProvider', ['dataProvider', 'types'])).toEqual([]);
  });

  it('authProvider imports only dataProvider, besides itself', () => {
    expect(importsLeaving('authProvider', ['authProvider', 'dataProvider', 'types'])).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles().map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
