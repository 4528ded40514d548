// Paths only, free of zod and TanStack Query: the entry script sends these reads ahead of the
// page's code (app/early-reads.ts), and the fetchers must ask for the very same paths to take
// those answers.

export const CURRENT_USER_PATH = '/api/current_user';

/** /api/sessiondata/{idClientBscs}/{idContrat}; idContrat 0 means no line chosen. */
export function sessionDataPath(idClientBscs: number, idContrat: number): string {
  return `/api/sessiondata/${idClientBscs}/${idContrat}`;
}
