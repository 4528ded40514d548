import { pipeline, Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { parisWallTime } from '@ecare/shared/paris-time';

/**
 * A ZIP archive written as it goes (APPNOTE 6.3): each entry's local header goes out before its
 * content is read, the content is deflated chunk by chunk, and its CRC-32 and sizes follow it in
 * a data descriptor (general purpose flag bit 3); the central directory closes the archive. So
 * the archive needs the memory of one deflate stream and one small record per entry, whatever
 * the size of the content.
 *
 * Limits: no ZIP64, so each entry and the whole archive stay under 4 GiB and under 65,535
 * entries (exceeding them fails the stream rather than writing a corrupt archive); no
 * encryption; names in UTF-8 (flag bit 11); every entry a regular file.
 */

export type ZipContent = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, without a leading slash. */
  name: string;
  /** Read once, in order, as the archive is read. */
  content: ZipContent;
  /** Shown as the entry's date (local time, two-second precision); now when absent. */
  modifiedAt?: Date;
}

export interface ZipOptions {
  /** zlib level, 0 to 9; zlib's default (6) when absent. */
  level?: number;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Version 2.0: deflate, data descriptors. */
const VERSION = 20;
/** Bit 3: sizes and CRC in the data descriptor; bit 11: UTF-8 names. */
const FLAGS = 0x0808;
const DEFLATE = 8;
/**
 * Made by: Unix, version 2.0, with a regular file's permissions (0644) as external attributes.
 * Info-ZIP's unzip reads names from an MS-DOS origin through the OEM code page, UTF-8 flag or not.
 */
const MADE_BY_UNIX = (3 << 8) | VERSION;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/**
 * MS-DOS date and time of a moment, as ZIP stores them (1980 at the earliest): a wall-clock time
 * without zone, which file managers show as it is, so the one Paris clocks showed.
 */
function dosDateTime(moment: Date): { date: number; time: number } {
  const { day, hour, minute, second } = parisWallTime(moment);
  const [year = 1980, month = 1, date = 1] = day.split('-').map(Number);
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  return {
    date: ((year - 1980) << 9) | (month << 5) | date,
    time: (hour << 11) | (minute << 5) | Math.floor(second / 2),
  };
}

function tooLarge(what: string): Error {
  return new Error(`ZIP archive too large: ${what} exceeds what a ZIP without ZIP64 can hold`);
}

function localHeader(name: Buffer, when: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  // CRC-32 and sizes (14 to 25) stay zero: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

interface Written {
  name: Buffer;
  when: { date: number; time: number };
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressedSize, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(entry.when.time, 12);
  header.writeUInt16LE(entry.when.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number and internal attributes (30 to 37): zero.
  header.writeUInt32LE(REGULAR_FILE_0644, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  // This disk and the central directory's disk (4 to 7): zero.
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  record.writeUInt16LE(0, 20);
  return record;
}

async function* chunksOf(content: ZipContent): AsyncGenerator<Buffer> {
  if (typeof content === 'string') yield Buffer.from(content, 'utf8');
  else if (content instanceof Uint8Array) yield Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  else {
    for await (const chunk of content) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (buffer.length > 0) yield buffer;
    }
  }
}

/**
 * The archive's bytes, produced as they are read: the consumer's pace drives the reading of each
 * entry's content (a stream's back-pressure reaches the source). Stopping early (a client gone)
 * stops the source too.
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, options: ZipOptions = {}): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const advance = (bytes: number, what: string) => {
    offset += bytes;
    if (offset > MAX_32) throw tooLarge(what);
  };

  for await (const entry of entries) {
    if (written.length === MAX_ENTRIES) throw tooLarge('the number of entries');
    const name = Buffer.from(entry.name, 'utf8');
    const record: Written = { name, when: dosDateTime(entry.modifiedAt ?? new Date()), crc: 0, compressedSize: 0, size: 0, offset };
    const header = localHeader(name, record.when);
    advance(header.length, 'the archive');
    yield header;

    // The content is counted on its way into deflate; what comes out is the entry's data.
    const source = async function* () {
      for await (const chunk of chunksOf(entry.content)) {
        record.crc = crc32(chunk, record.crc);
        record.size += chunk.length;
        if (record.size > MAX_32) throw tooLarge(`entry ${entry.name}`);
        yield chunk;
      }
    };
    const deflate = createDeflateRaw({ level: options.level ?? constants.Z_DEFAULT_COMPRESSION });
    // A failure on either side destroys both; reading `deflate` then throws it.
    pipeline(Readable.from(source()), deflate, () => {});
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      record.compressedSize += chunk.length;
      advance(chunk.length, 'the archive');
      yield chunk;
    }
    const descriptor = dataDescriptor(record);
    advance(descriptor.length, 'the archive');
    yield descriptor;
    written.push(record);
  }

  const directoryOffset = offset;
  let directorySize = 0;
  for (const record of written) {
    const header = centralHeader(record);
    directorySize += header.length;
    advance(header.length, 'the archive');
    yield header;
  }
  yield endOfCentralDirectory(written.length, directorySize, directoryOffset);
}
