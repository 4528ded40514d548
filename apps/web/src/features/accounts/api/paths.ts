// Path only, free of zod and TanStack Query: the entry script sends this read ahead of the
// page's code (app/early-reads.ts), and the fetcher must ask for the very same path.

export const BILLING_ACCOUNTS_PATH = '/api/comptes_facturation';
