import { apiRequest, type Parser } from './api-client.ts';
import { BASENAME } from './routes.ts';

/** Spec §9: the deployed version is read every 10 seconds. */
export const VERSION_POLL_MS = 10_000;

// Checked by hand, like versionSchema of @ecare/shared: every page runs this poll, the login
// page included, where zod is not loaded (decision 012).
const versionParser: Parser<{ hash: string }> = {
  parse(data) {
    const hash = typeof data === 'object' && data !== null && 'hash' in data ? data.hash : undefined;
    if (typeof hash !== 'string') throw new TypeError('version.json: hash expected');
    return { hash };
  },
};

/** GET /ecare/version.json?t={timestamp}: no bearer header, outside the loading counter (API client rules). */
export async function fetchVersionHash(): Promise<string> {
  const { hash } = await apiRequest(`${BASENAME}/version.json?t=${Date.now()}`, { schema: versionParser });
  return hash;
}

export interface VersionCheckOptions {
  intervalMs?: number;
  fetchHash?: () => Promise<string>;
  reload?: () => void;
}

/**
 * Build version check (spec §2): reloads the page once the deployed hash differs from the first
 * one seen, so nobody keeps running a stale build. A failed read is only logged. Returns stop().
 */
export function startVersionCheck({
  intervalMs = VERSION_POLL_MS,
  fetchHash = fetchVersionHash,
  reload = () => window.location.reload(),
}: VersionCheckOptions = {}): () => void {
  let first: string | null = null;
  const check = async () => {
    try {
      const hash = await fetchHash();
      if (first === null) first = hash;
      else if (hash !== first) {
        stop();
        reload();
      }
    } catch (error) {
      console.warn('Vérification de la version impossible', error);
    }
  };

  // The first answer is read after an await, so the timer below exists by then.
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  const stop = () => clearInterval(timer);
  return stop;
}
