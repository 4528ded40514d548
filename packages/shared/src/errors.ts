import { z } from 'zod';

/** Body of every non-OAuth error answer. `exceptionMessage` is French and shown as is. */
export const apiErrorSchema = z.object({
  code: z.string(),
  exceptionMessage: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbiddenAccount: 'FORBIDDEN_ACCOUNT',
  forbiddenContract: 'FORBIDDEN_CONTRACT',
  notFound: 'NOT_FOUND',
  xsrf: 'XSRF',
  internal: 'INTERNAL',
} as const;

export const ERROR_MESSAGES = {
  validation: 'La requête est invalide.',
  unauthenticated: 'Vous devez être connecté pour accéder à cette page.',
  forbiddenAccount: "Désolé, vous n'êtes pas autorisé à accéder à ce compte de facturation.",
  forbiddenContract: "Désolé, vous n'êtes pas autorisé à accéder à ce contrat.",
  notFound: "La ressource demandée n'existe pas.",
  xsrf: 'La requête a été refusée (jeton de sécurité manquant ou invalide). Veuillez recharger la page.',
  internal: 'Une erreur technique est survenue. Veuillez réessayer ultérieurement.',
} as const;
