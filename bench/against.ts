// `--against DIR` for the benches that run the server in this process (profiles): the same bench, the
// same arguments, run by another checkout (its own code, its node_modules) right after this one, its
// table read back from what it printed and set beside ours row by row.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The rows of every markdown table in `text` (as `table()` prints them), one list per table. */
export function markdownTables(text: string): Record<string, string>[][] {
  const tables: Record<string, string>[][] = [];
  let header: string[] | undefined;
  let rows: Record<string, string>[] = [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
  const close = () => {
    if (header && rows.length) tables.push(rows);
    header = undefined;
    rows = [];
  };
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('|')) {
      close();
      continue;
    }
    const row = cells(line);
    if (!header) header = row;
    else if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
    else rows.push(Object.fromEntries(header.map((key, i) => [key, row[i] ?? ''])));
  }
  close();
  return tables;
}

/** The command line without `--against DIR` / `--against=DIR`. */
export function withoutAgainst(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--against') i++;
    else if (!argv[i]!.startsWith('--against=')) out.push(argv[i]!);
  }
  return out;
}

/**
 * Runs `bench/run.ts` with `args` in `checkout` (its output passed through, indented) and answers the
 * rows of the last table it printed.
 */
export async function otherCheckoutRows(checkout: string, args: string[]): Promise<Record<string, string>[]> {
  const dir = path.resolve(checkout);
  console.log(`\n  --against: the same bench in ${dir}…`);
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', ...args], {
      cwd: dir,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(
        chunk
          .toString()
          .split('\n')
          .map((line) => (line ? `    ${line}` : line))
          .join('\n'),
      );
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`the bench in ${dir} exited with ${code}`);
  const tables = markdownTables(output);
  if (!tables.length) throw new Error(`the bench in ${dir} printed no table`);
  return tables[tables.length - 1]!;
}

/**
 * Ours and theirs interleaved: each of our rows followed by theirs of the same case and role (the n-th
 * such row when there are several), each marked with its checkout; rows only one side has come last.
 */
export function sideBySide(
  ours: Record<string, string | number>[],
  theirs: Record<string, string | number>[],
  theirName: string,
  key: (row: Record<string, string | number>) => string = (row) => `${row.case} ${row.role}`,
): Record<string, string | number>[] {
  const left = [...theirs];
  const out: Record<string, string | number>[] = [];
  for (const row of ours) {
    out.push({ checkout: 'this one', ...row });
    const match = left.findIndex((other) => key(other) === key(row));
    if (match >= 0) out.push({ checkout: theirName, ...left.splice(match, 1)[0]! });
  }
  for (const row of left) out.push({ checkout: theirName, ...row });
  return out;
}
