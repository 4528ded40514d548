// A path only, free of zod and TanStack Query: the entry script sends the home page's first read
// ahead of the page's code (app/early-reads.ts), and the fetcher must ask for the very same path.

/** GET /api/clients/{idClientBscs}/accueil. */
export const homePath = (idClientBscs: number): string => `/api/clients/${idClientBscs}/accueil`;
