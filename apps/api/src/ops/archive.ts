import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, opendir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup archive (decision 065): a POSIX tar (ustar, with a pax header for a name too long
 * for it) compressed with gzip, so that `tar -tzf` lists it and `tar -xzf` unpacks it anywhere.
 * Written and read here, as a stream: every file's SHA-256 is taken from the very bytes that go
 * into the archive, so a file written to while it is read is either wholly the one recorded or
 * caught when the archive is restored.
 */

const BLOCK = 512;
const CHUNK = 1024 * 1024;
const ZERO_BLOCKS = Buffer.alloc(BLOCK * 2);

/** A file of the archive as the manifest records it. */
export interface ArchivedFile {
  path: string;
  size: number;
  sha256: string;
}

/** What an archive holds: its files (with their sizes and checksums) and its directories. */
export interface ArchiveContents {
  files: ArchivedFile[];
  directories: string[];
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** A size field: octal while it fits (under 8 GiB), else GNU's base-256 form, which tar and bsdtar read. */
function writeSize(block: Buffer, size: number): void {
  if (size < 8 ** 11) {
    block.write(octal(size, 12), 124, 'ascii');
    return;
  }
  block[124] = 0x80;
  let rest = BigInt(size);
  for (let at = 135; at > 124; at--) {
    block[at] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(block: Buffer): number {
  if ((block[124] ?? 0) & 0x80) {
    let value = 0n;
    for (let at = 125; at < 136; at++) value = (value << 8n) | BigInt(block[at] ?? 0);
    return Number(value);
  }
  return parseOctal(block.subarray(124, 136));
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  return text === '' ? 0 : parseInt(text, 8);
}

const checksumOf = (block: Buffer) => block.reduce((sum, byte, at) => sum + (at >= 148 && at < 156 ? 0x20 : byte), 0);

/** The name and prefix fields of ustar for `name`, or null when it fits neither (a pax header carries it). */
function ustarName(name: string): { name: string; prefix: string } | null {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  return null;
}

function headerBlock(fields: { name: string; prefix: string; size: number; mode: number; type: '0' | '5' | 'x'; mtime: Date }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, 100, 'utf8');
  block.write(octal(fields.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  writeSize(block, fields.size);
  block.write(octal(Math.max(0, Math.floor(fields.mtime.getTime() / 1000)), 12), 136, 'ascii');
  block.write(fields.type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(fields.prefix, 345, 155, 'utf8');
  block.write(octal(checksumOf(block), 7), 148, 'ascii');
  block[155] = 0x20;
  return block;
}

/** A pax record `<length> path=<name>\n`, whose length counts its own digits. */
function paxPathRecord(name: string): Buffer {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`, 'utf8');
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes an archive to `file`, entry by entry; `finish` closes it. */
export class ArchiveWriter {
  private readonly gzip = createGzip();
  private readonly written: Promise<void>;
  readonly contents: ArchiveContents = { files: [], directories: [] };

  private constructor(file: string) {
    // 'wx': never over a file that is there (the caller names a fresh one).
    this.written = pipeline(this.gzip, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    // Seen when finishing; a failure meanwhile also fails the next write.
    this.written.catch(() => undefined);
  }

  static create(file: string): ArchiveWriter {
    return new ArchiveWriter(file);
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }

  private async header(name: string, size: number, mode: number, type: '0' | '5', mtime: Date): Promise<void> {
    const fitted = ustarName(name);
    if (!fitted) {
      const record = paxPathRecord(name);
      await this.write(headerBlock({ name: 'PaxHeader', prefix: '', size: record.length, mode: 0o644, type: 'x', mtime }));
      await this.write(Buffer.concat([record, Buffer.alloc(padding(record.length))]));
    }
    const shortName = fitted ?? { name: name.slice(-100).replace(/^[^/]*\//, ''), prefix: '' };
    await this.write(headerBlock({ ...shortName, size, mode, type, mtime }));
  }

  async addDirectory(name: string, mode = 0o700): Promise<void> {
    await this.header(`${name}/`, 0, mode, '5', new Date());
    this.contents.directories.push(name);
  }

  async addBytes(name: string, bytes: Buffer): Promise<ArchivedFile> {
    await this.header(name, bytes.length, 0o600, '0', new Date());
    await this.write(Buffer.concat([bytes, Buffer.alloc(padding(bytes.length))]));
    const entry = { path: name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    this.contents.files.push(entry);
    return entry;
  }

  /** Adds a file as it is when opened; null when it was removed before (an upload given up, a clean-up). */
  async addFile(name: string, source: string): Promise<ArchivedFile | null> {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size, mode, mtime } = await handle.stat();
      await this.header(name, size, mode, '0', mtime);
      const hash = createHash('sha256');
      let left = size;
      while (left > 0) {
        const chunk = Buffer.alloc(Math.min(CHUNK, left));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, size - left);
        if (bytesRead === 0) throw new Error(`${source} became shorter while it was read`);
        const part = chunk.subarray(0, bytesRead);
        hash.update(part);
        await this.write(part);
        left -= bytesRead;
      }
      await this.write(Buffer.alloc(padding(size)));
      const entry = { path: name, size, sha256: hash.digest('hex') };
      this.contents.files.push(entry);
      return entry;
    } finally {
      await handle.close();
    }
  }

  /**
   * Adds a folder's files and subfolders under `name`, in name order; `skip` leaves out an entry
   * (by its path relative to the folder) with everything under it. Only regular files and folders
   * are taken. Returns the files added.
   */
  async addFolder(name: string, folder: string, skip: (relative: string) => boolean = () => false): Promise<ArchivedFile[]> {
    const added: ArchivedFile[] = [];
    const walk = async (relative: string): Promise<void> => {
      const absolute = path.join(folder, relative);
      const directory = await opendir(absolute);
      const entries = [];
      for await (const entry of directory) entries.push(entry);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (skip(child)) continue;
        if (entry.isDirectory()) {
          await this.addDirectory(`${name}/${child}`);
          await walk(child);
        } else if (entry.isFile()) {
          const file = await this.addFile(`${name}/${child}`, path.join(folder, child));
          if (file) added.push(file);
        }
      }
    };
    await this.addDirectory(name);
    await walk('');
    return added;
  }

  async finish(): Promise<void> {
    await this.write(ZERO_BLOCKS);
    this.gzip.end();
    await this.written;
  }

  /** Stops writing after a failure (the caller removes the file). */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => undefined);
  }
}

/** Reads exactly the bytes asked from a stream of chunks. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async more(): Promise<void> {
    const next = await this.chunks.next();
    if (next.done) throw new ArchiveError('the archive ends in the middle of an entry (truncated)');
    this.pending = this.pending.length === 0 ? next.value : Buffer.concat([this.pending, next.value]);
  }

  async read(length: number): Promise<Buffer> {
    while (this.pending.length < length) await this.more();
    const bytes = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return bytes;
  }

  /** Reads the rest (the end of the tar is padding): gzip checks its CRC when its stream ends. */
  async drain(): Promise<void> {
    for (let next = await this.chunks.next(); !next.done; next = await this.chunks.next());
  }

  async *stream(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.pending.length === 0) await this.more();
      const part = this.pending.subarray(0, Math.min(left, this.pending.length));
      this.pending = this.pending.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}

/** An archive that cannot be read as one of ours: damaged, truncated or something else. */
export class ArchiveError extends Error {}

/** A name from the archive as a path inside `folder`, or an error for one that would leave it. */
function insideFolder(folder: string, name: string): string {
  const clean = name.replace(/\/+$/, '');
  const parts = clean.split('/');
  if (clean === '' || clean.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw new ArchiveError(`the archive names a path outside its folder: ${JSON.stringify(name)}`);
  }
  return path.join(folder, ...parts);
}

function paxPath(content: Buffer): string | undefined {
  let rest = content.toString('utf8');
  let found: string | undefined;
  while (rest.length > 0) {
    const space = rest.indexOf(' ');
    const length = Number(rest.slice(0, space));
    if (space <= 0 || !Number.isInteger(length) || length <= space) throw new ArchiveError('an extended header of the archive is damaged');
    const record = rest.slice(space + 1, length - 1);
    if (record.startsWith('path=')) found = record.slice('path='.length);
    rest = rest.slice(length);
  }
  return found;
}

/**
 * Unpacks an archive into `folder` (empty), checking each header's checksum and gzip's, and
 * answers what it held with every file's size and SHA-256, for the caller to compare with the
 * manifest. Nothing is written outside `folder`.
 */
export async function extractArchive(file: string, folder: string): Promise<ArchiveContents> {
  const contents: ArchiveContents = { files: [], directories: [] };
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]());
  let longName: string | undefined;
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (block.every((byte) => byte === 0)) {
        await reader.drain();
        break;
      }
      if (parseOctal(block.subarray(148, 156)) !== checksumOf(block)) throw new ArchiveError('a header of the archive does not match its checksum');
      const size = readSize(block);
      const type = String.fromCharCode(block[156] ?? 0);
      const ustarPath = [block.subarray(345, 500), block.subarray(0, 100)]
        .map((field) => field.toString('utf8').replace(/\0.*$/s, ''))
        .filter((part) => part !== '')
        .join('/');
      if (type === 'x') {
        longName = paxPath(await reader.read(size + padding(size)).then((bytes) => bytes.subarray(0, size)));
        continue;
      }
      const name = (longName ?? ustarPath).replace(/\/+$/, '');
      longName = undefined;
      const target = insideFolder(folder, name);
      if (type === '5') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        contents.directories.push(name);
        await reader.read(size + padding(size));
      } else if (type === '0' || type === '\0') {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        const handle = await open(target, 'wx', parseOctal(block.subarray(100, 108)) & 0o777 || 0o600);
        const hash = createHash('sha256');
        try {
          for await (const part of reader.stream(size)) {
            hash.update(part);
            await handle.write(part);
          }
        } finally {
          await handle.close();
        }
        await reader.read(padding(size));
        contents.files.push({ path: name, size, sha256: hash.digest('hex') });
      } else {
        throw new ArchiveError(`the archive holds an entry of a kind a backup never has (type ${JSON.stringify(type)}): ${name}`);
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // gzip's own checks (a damaged or truncated stream), a name twice, an unreadable file.
    throw new ArchiveError(`unreadable: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  return contents;
}
