import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { billingAccountSchema } from './accounts.ts';
import { currentUserSchema } from './auth.ts';
import { lineSchema } from './lines.ts';

export { SESSION_IDLE_MS } from './constants.ts';

/** Path parameters of GET /api/sessiondata; id_contrat 0 means "no line chosen". */
export const sessionDataParamsSchema = lazySchema(() =>
  z.object({
    id_client_bscs: z.coerce.number().int().positive().max(2_147_483_647),
    id_contrat: z.coerce.number().int().min(0).max(2_147_483_647),
  }),
);

/** Spec §3 "Session data", as the server confirms it for the chosen account and line. */
export const sessionDataSchema = lazySchema(() =>
  z.object({
    authenticated: z.literal(true),
    currentUser: currentUserSchema,
    current_compte_facturation: billingAccountSchema,
    current_ligne: lineSchema.nullable(),
  }),
);
export type SessionData = z.infer<typeof sessionDataSchema>;

export const versionSchema = lazySchema(() => z.object({ hash: z.string() }));
