/**
 * What the HTTP thread and the database thread say to each other. A session is one
 * node-postgres connection: opening one resets PGlite's single backend session, and bytes of
 * any other session are refused, so a dropped connection can never leave its prepared
 * statements or its transaction to the next one.
 */
export type ThreadRequest =
  | { id: number; kind: 'open'; session: number }
  | { id: number; kind: 'protocol'; session: number; bytes: Uint8Array }
  | { id: number; kind: 'close' };

export type ThreadAnswer =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string }
  /** Something the HTTP thread should log (id 0: not an answer). */
  | { id: 0; warning: string };

/** A session that is no longer PGlite's current one. */
export const STALE_SESSION = 'this database connection was closed';
