import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { backup } from './backup.ts';
import { fromWhereRun, Refusal, runCommand } from './refusal.ts';

/**
 * npm run backup -- <file>
 * Backs up the database and the uploaded files the server's environment names (DATABASE_URL or
 * DATA_DIR, ATTACHMENTS_DIR or S3_*) into one archive (decision 065).
 */
await runCommand('Backup', async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new Refusal('name the archive to write, one file: npm run backup -- <file>');
  await backup({ config: loadConfig(), file: fromWhereRun(file), say: (line) => console.log(line) });
});
