import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/*
 * The user's own sessions (decision 055): where they are signed in, and ending those they do not
 * recognise. A session a customer-service agent opened for the user is not one of theirs and is
 * not listed.
 */

/** What the place of a session from a private, loopback or link-local address says. */
export const LOCAL_NETWORK_LABEL = 'Réseau local';

/** One of the user's active sessions. */
export const userSessionSchema = lazySchema(() =>
  z.object({
    id: z.uuid().describe('Identifiant de la session, pour y mettre fin'),
    appareil: z.string().describe('L’appareil et son système, lus dans le navigateur à la connexion (« Ordinateur sous Windows 10 »)'),
    navigateur: z.string().describe('Le navigateur et sa version (« Chrome 131 »)'),
    lieu: z
      .string()
      .describe('Lieu approché : le réseau de l’adresse de connexion (« Réseau 203.0.113.0/24 », « Réseau local »), jamais l’adresse elle-même'),
    debut: z.iso.datetime({ offset: true }).describe('Connexion'),
    derniereActivite: z.iso.datetime({ offset: true }).describe('Dernière activité (à la minute près)'),
    courante: z.boolean().describe('true : la session qui fait cette demande'),
  }),
);
export type UserSession = z.infer<typeof userSessionSchema>;

/** `GET /api/sessions`: the user's active sessions, the latest active first. */
export const userSessionsSchema = lazySchema(() => z.array(userSessionSchema));

/** `DELETE /api/sessions/{id}`. */
export const userSessionParamsSchema = lazySchema(() => z.object({ id: z.uuid('La session doit être désignée par son identifiant.') }));

/** `DELETE /api/sessions`: how many other sessions were ended. */
export const otherSessionsEndedSchema = lazySchema(() =>
  z.object({ sessionsTerminees: z.number().int().min(0).describe('Nombre d’autres sessions auxquelles il a été mis fin') }),
);
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;
