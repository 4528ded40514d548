export type Align = 'left' | 'right';

/** Plain-text table with a header rule; columns are right-aligned unless told otherwise. */
export function renderTable(headers: string[], rows: string[][], align: Align[] = []): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? cell.length;
        return (align[column] ?? (column === 0 ? 'left' : 'right')) === 'left' ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export const formatInt = (value: number) => Math.round(value).toLocaleString('en-US');
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
export const passMiss = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'MISS');

export function heading(title: string): string {
  return `\n${title}\n${'='.repeat(title.length)}`;
}
