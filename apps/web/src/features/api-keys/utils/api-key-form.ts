import { API_KEYS_ERRORS } from '@ecare/shared/api-keys-errors';
import { API_KEY_MAX_DAYS, apiKeyInputSchema } from '@ecare/shared/api-keys';
import { lazySchema } from '@ecare/shared/lazy-schema';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { z } from 'zod';
import { API_KEY_FORM_TEXTS } from './api-keys-texts.ts';

/** The days a new key may expire on, from `today` (Paris): tomorrow at the earliest, API_KEY_MAX_DAYS days later at the latest. */
export function expiryRange(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, API_KEY_MAX_DAYS) };
}

/** The expiry offered first: a year from `today`, less a day (29 February leads to 28 February). */
export function defaultExpiry(today: string): string {
  const [year = 0, month = 1, date = 1] = today.split('-').map(Number);
  const sameDayNextYear = addDays(`${String(year + 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`, date - 1);
  return addDays(sameDayNextYear, -1);
}

/** Why `day` cannot be a new key's expiry, or null: the API's rule, checked before the call. */
export function expiryProblem(day: string, today: string): string | null {
  if (day.trim() === '') return API_KEY_FORM_TEXTS.expiryRequired;
  const format = apiKeyInputSchema.shape.expireLe.safeParse(day);
  if (!format.success) return format.error.issues[0]?.message ?? API_KEY_FORM_TEXTS.expiryRequired;
  const { min, max } = expiryRange(today);
  return day < min || day > max ? API_KEYS_ERRORS.API_KEY_EXPIRY_INVALID.message : null;
}

/** The creation form: the shared body, its expiry checked against today in Paris. */
export const apiKeyFormSchema = lazySchema(() =>
  apiKeyInputSchema.extend({
    expireLe: z.string().superRefine((day, context) => {
      const problem = expiryProblem(day, parisDay(new Date()));
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  }),
);
export type ApiKeyFormInput = z.input<typeof apiKeyFormSchema>;
