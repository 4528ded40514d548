import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** UTF-8 names read as UTF-8 whatever the machine's locale (`unzip` is still found on the caller's PATH). */
const env = { LC_ALL: 'C.UTF-8' };

/** An archive read back with the system's Info-ZIP `unzip`, an implementation independent of ours. */
export interface Unzipped {
  /** Entry names, in archive order (`unzip -Z1`). */
  names: string[];
  /** `unzip -t`'s verdict: every entry's CRC-32 and sizes checked. */
  testOutput: string;
  /** One entry's bytes (`unzip -p`). */
  read(name: string): Promise<Buffer>;
  /** Removes the temporary copy. */
  remove(): Promise<void>;
}

export async function unzip(archive: Buffer): Promise<Unzipped> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ecare-unzip-'));
  const file = path.join(folder, 'archive.zip');
  await writeFile(file, archive);
  const list = await run('unzip', ['-Z1', file], { env });
  const test = await run('unzip', ['-t', file], { env });
  return {
    names: list.stdout.split('\n').filter((line) => line !== ''),
    testOutput: test.stdout,
    // unzip reads names as wildcards: `[`, `*` and `?` are matched as themselves inside brackets.
    read: async (name) =>
      (await run('unzip', ['-p', file, name.replace(/[[*?]/g, '[$&]')], { env, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 })).stdout,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

export interface SheetCell {
  /** `inlineStr` for text, `n` for a number (dates included). */
  type: 'inlineStr' | 'n';
  value: string;
  style: string | null;
}

const unescapeXml = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');

/**
 * The cells of a worksheet's XML by reference (`A1`), as our writer lays them out (inline strings
 * and plain values); anything else in `<sheetData>` (a formula, a shared string) fails the read.
 */
export function sheetCells(xml: string): Map<string, SheetCell> {
  const data = /<sheetData>([\s\S]*)<\/sheetData>/.exec(xml)?.[1];
  if (data === undefined) throw new Error('no sheetData');
  const cells = new Map<string, SheetCell>();
  const cellPattern = /<c r="([A-Z]+\d+)"(?: s="(\d+)")?(?: t="(inlineStr)")?>(?:<is><t xml:space="preserve">([\s\S]*?)<\/t><\/is>|<v>([^<]*)<\/v>)<\/c>/g;
  const rest = data.replace(/<row r="\d+">|<\/row>/g, '').replace(cellPattern, (_, ref: string, style: string | undefined, inline: string | undefined, text: string | undefined, number: string | undefined) => {
    cells.set(ref, { type: inline ? 'inlineStr' : 'n', value: inline ? unescapeXml(text ?? '') : (number ?? ''), style: style ?? null });
    return '';
  });
  if (rest !== '') throw new Error(`unexpected sheet content: ${rest.slice(0, 200)}`);
  return cells;
}
