import { z } from 'zod';
import { MAX_ID } from './constants.ts';

const NOT_AN_ID = 'Un identifiant numérique est attendu.';

/**
 * A positive id named in a request, up to MAX_ID; `what` says what it names. A path or a query
 * gives it as text, a JSON body as a number or as text of digits; anything else (true, [5], 1.5,
 * "1e3") is refused rather than turned into a number.
 */
export const idSchema = (what: string) =>
  z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/, NOT_AN_ID)], NOT_AN_ID)
    .pipe(z.coerce.number<string | number>().int().positive().max(MAX_ID))
    .describe(what);
