import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export { API_ERRORS, ERROR_CODES, errorMessage, isApiErrorCode, oauthCodeOf, type ApiErrorCode, type ErrorMessageValues } from './error-catalogue.ts';

/** Body of every non-OAuth error answer. `exceptionMessage` is French and shown as is. */
export const apiErrorSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    exceptionMessage: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
);
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Body of a successful call that has nothing else to say (logout, a request taken into account). */
export const okResponseSchema = lazySchema(() => z.object({ ok: z.literal(true) }));
