import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import ZipStream from 'zip-stream';
import { parisWallTime } from '@ecare/shared/paris-time';

/**
 * A ZIP archive written as it goes, by zip-stream (the writer inside archiver): each entry's
 * content is deflated as it is read, its CRC-32 and sizes follow it in a data descriptor, and
 * the central directory closes the archive, in ZIP64 form once the archive outgrows 4 GiB or
 * 65,535 entries. So the archive needs the memory of one deflate stream and one small record
 * per entry, whatever the size of the content. Names in UTF-8; every entry a regular file.
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

/**
 * A regular file's permissions. Giving them makes the entry "made by Unix": Info-ZIP's unzip
 * reads the names of an MS-DOS entry through the OEM code page, UTF-8 flag or not.
 */
const REGULAR_FILE_0644 = 0o644;

/**
 * The moment as ZIP stores it, an MS-DOS wall-clock time without zone, which file managers show
 * as it is: the one Paris clocks showed. zip-stream writes the UTC fields of the Date it is given,
 * so it is given the Paris wall time as if it were UTC.
 */
function parisStamp(moment: Date): Date {
  const { day, hour, minute, second } = parisWallTime(moment);
  const [year = 1980, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, hour, minute, second));
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
 * entry's content (the streams' back-pressure reaches the source), and the next entry is taken
 * only once the previous one is written. Stopping early (a client gone) stops the source too; a
 * failing source fails the archive.
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, options: ZipOptions = {}): AsyncGenerator<Buffer> {
  // zip-stream's own default is zlib's fastest level: files grow by a quarter.
  const archive = new ZipStream({ zlib: { level: options.level ?? constants.Z_DEFAULT_COMPRESSION } });
  let source: Readable | undefined;
  let stopped = false;
  /** Ends the entry being written when the reader stops: zip-stream would never call back. */
  let abandon: ((error: Error) => void) | undefined;

  const append = (entry: ZipEntry) =>
    new Promise<void>((resolve, reject) => {
      abandon = reject;
      // Bytes, not objects: the stream then buffers 16 KiB of the source at most.
      source = Readable.from(chunksOf(entry.content), { objectMode: false });
      // zip-stream hands a source's failure to the entry's callback only once deflate ends, which
      // a destroyed stream may never do.
      source.once('error', reject);
      archive.entry(source, { name: entry.name, date: parisStamp(entry.modifiedAt ?? new Date()), mode: REGULAR_FILE_0644 }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  // Leaving this loop early (a failure, the reader gone) closes the entries' source as well.
  const writing = (async () => {
    for await (const entry of entries) {
      if (stopped) return;
      await append(entry);
    }
    archive.finalize();
  })();
  writing.catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));

  try {
    for await (const chunk of archive as AsyncIterable<Buffer>) yield chunk;
    // The last entry's failure may land after the archive's end.
    await writing;
  } finally {
    stopped = true;
    abandon?.(new Error('ZIP archive abandoned by its reader'));
    source?.destroy();
    archive.destroy();
  }
}
