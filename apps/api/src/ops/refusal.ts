import path from 'node:path';

/**
 * Why a backup or a restore does not go ahead, said for the operator in one line (decision 065):
 * the commands print it and end with exit code 1.
 */
export class Refusal extends Error {}

/** Where the commands print what they do: standard output, or a test's list. */
export type Say = (line: string) => void;

/**
 * Runs a command's work and ends the process: exit code 0 when it is done, 1 with a one-line
 * reason on standard error otherwise (a refusal, or a failure of a tool or of the database).
 */
export async function runCommand(name: string, work: () => Promise<void>): Promise<never> {
  try {
    await work();
    process.exit(0);
  } catch (error) {
    console.error(failureLine(name, error));
    process.exit(1);
  }
}

/** The one line a command ends with when its work threw: `Backup refused: …` or `Restore failed: …`. */
export function failureLine(name: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `${name} ${error instanceof Refusal ? 'refused' : 'failed'}: ${reason.replace(/\s*\n\s*/g, ' ').trim()}`;
}

/**
 * The archive's path as the operator typed it: npm runs the command in apps/api and says in
 * INIT_CWD where it was itself run.
 */
export function fromWhereRun(file: string): string {
  // eslint-disable-next-line no-restricted-properties -- npm's INIT_CWD is no configuration: the folder the command was typed in
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
