import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait-for.ts';
import { unzip } from '../test/support/unzip.ts';
import { zipStream, type ZipEntry } from './zip-stream.ts';

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The end-of-central-directory record, read as a ZIP reader starts. */
function endRecord(archive: Buffer) {
  const at = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return { entries: archive.readUInt16LE(at + 10), size: archive.readUInt32LE(at + 12), offset: archive.readUInt32LE(at + 16), at };
}

describe('zipStream', () => {
  it('writes an archive the system unzip lists, tests and extracts byte for byte', async () => {
    const random = randomBytes(3 * 1024 * 1024 + 17);
    const lines = Array.from({ length: 20_000 }, (_, index) => `ligne ${index};Élodie;"quoted"\r\n`);
    async function* randomChunks() {
      for (let start = 0; start < random.length; start += 65_536) yield random.subarray(start, start + 65_536);
    }
    const entries: ZipEntry[] = [
      { name: 'bonjour.txt', content: 'Bonjour, archive !' },
      { name: 'vide.txt', content: '' },
      { name: 'dossier/été ✓.txt', content: Buffer.from('accents et symbole', 'utf8') },
      { name: 'aléatoire.bin', content: randomChunks() },
      { name: 'lignes.csv', content: lines },
    ];
    const archive = await collect(zipStream(entries, { level: 6 }));
    const end = endRecord(archive);
    expect(end).toMatchObject({ entries: 5, at: end.offset + end.size });
    expect(archive.length).toBe(end.at + 22);

    const unzipped = await unzip(archive);
    try {
      expect(unzipped.names).toEqual(entries.map((entry) => entry.name));
      expect(unzipped.testOutput).toMatch(/No errors detected/);
      expect((await unzipped.read('bonjour.txt')).toString('utf8')).toBe('Bonjour, archive !');
      expect(await unzipped.read('vide.txt')).toHaveLength(0);
      expect((await unzipped.read('dossier/été ✓.txt')).toString('utf8')).toBe('accents et symbole');
      expect(sha(await unzipped.read('aléatoire.bin'))).toBe(sha(random));
      expect((await unzipped.read('lignes.csv')).toString('utf8')).toBe(lines.join(''));
    } finally {
      await unzipped.remove();
    }
    // Text deflates: the CSV entry takes far less room than its 600 KB.
    expect(archive.length).toBeLessThan(random.length + 200_000);
  });

  it('reads each entry only as fast as the archive is read, and stops its source when the reader stops', async () => {
    const CHUNKS = 400;
    let pulled = 0;
    let stopped = false;
    async function* source() {
      try {
        for (let index = 0; index < CHUNKS; index++) {
          pulled += 1;
          yield randomBytes(65_536);
        }
      } finally {
        stopped = true;
      }
    }
    const archive = zipStream([{ name: 'gros.bin', content: source() }]);
    const header = await archive.next();
    expect(header.done).toBe(false);
    const firstData = await archive.next();
    expect(firstData.done).toBe(false);
    // The first compressed bytes come out long before the 25 MB of content has been read.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(CHUNKS / 4);
    await archive.return(undefined);
    await waitFor(() => stopped, { what: 'the content source to stop' });
    expect(pulled).toBeLessThan(CHUNKS / 2);
  });

  it('closes the list of entries when the reader stops, as it closes the entry being read', async () => {
    let listClosed = false;
    async function* entries(): AsyncGenerator<ZipEntry> {
      try {
        for (let index = 0; index < 100; index++) yield { name: `facture-${index}.pdf`, content: randomBytes(256 * 1024) };
      } finally {
        listClosed = true;
      }
    }
    const archive = zipStream(entries());
    expect((await archive.next()).done).toBe(false);
    await archive.return(undefined);
    await waitFor(() => listClosed, { what: 'the list of entries to close' });
  });

  it('stamps each entry with the time Paris clocks showed, whatever the server’s time zone', async () => {
    const archive = await collect(zipStream([{ name: 'facture.pdf', content: 'PDF', modifiedAt: new Date('2026-01-15T13:18:40Z') }], { level: 6 }));
    // The first local header: MS-DOS time at byte 10, date at byte 12.
    const time = archive.readUInt16LE(10);
    const date = archive.readUInt16LE(12);
    expect({ year: (date >> 9) + 1980, month: (date >> 5) & 15, day: date & 31 }).toEqual({ year: 2026, month: 1, day: 15 });
    expect({ hour: time >> 11, minute: (time >> 5) & 63, second: (time & 31) * 2 }).toEqual({ hour: 14, minute: 18, second: 40 });
  });

  it('fails the archive when a content source fails', async () => {
    async function* failing() {
      yield 'début';
      throw new Error('source failed');
    }
    await expect(collect(zipStream([{ name: 'a.txt', content: 'a' }, { name: 'b.txt', content: failing() }]))).rejects.toThrow('source failed');
  });
});
