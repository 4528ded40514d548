import { z } from 'zod';
import { MAX_ID } from './constants.ts';

/** A positive id named in a request, as text or number (a query, a path or a body), up to MAX_ID; `what` says what it names. */
export const idSchema = (what: string) => z.coerce.number().int().positive().max(MAX_ID).describe(what);
