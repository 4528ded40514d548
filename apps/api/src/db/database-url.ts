/** What the command-line tools (seed, backup, restore) say of a DATABASE_URL, and check before they write. */

/**
 * Whether a database is on this machine: the embedded one (no URL), a loopback address or a
 * Unix socket. The reset refuses any other without --force, so that a mistyped DATABASE_URL
 * cannot wipe a shared or production database.
 */
export function isLocalDatabase(databaseUrl: string | undefined): boolean {
  if (!databaseUrl) return true;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const host = (url.searchParams.get('host') ?? url.hostname).replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Where a database is, without its credentials, for messages. */
export function describeDatabase(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'the embedded database';
  try {
    const url = new URL(databaseUrl);
    return `${url.host || 'local socket'}${url.pathname}`;
  } catch {
    return 'an unreadable DATABASE_URL';
  }
}
