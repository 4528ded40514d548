import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { fromWhereRun, Refusal, runCommand } from './refusal.ts';
import { restore } from './restore.ts';

/**
 * npm run restore -- <file> [--force]
 * Restores an archive of `npm run backup` into the database and the uploaded files folder the
 * server's environment names; --force replaces them when they are not empty (decision 065).
 */
await runCommand('Restore', async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new Refusal('name the archive to restore, one file: npm run restore -- <file> [--force]');
  await restore({ config: loadConfig(), file: fromWhereRun(file), force: values.force, say: (line) => console.log(line) });
});
