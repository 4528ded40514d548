import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of agent mode (customer-service agents acting for a customer, decision 032). */
export const AGENT_ERRORS = {
  /** Spec §8 "Agent validation failure"; {operator} is the brand of the configuration. Also for an inactive agent. */
  AGENT_INVALID_CREDENTIALS: {
    status: 400,
    message: ({ operator }: { operator: string }) => `Votre identifiant ${operator} et votre code confidentiel ne correspondent pas.`,
  },
  AGENT_UNAUTHENTICATED: { status: 401, message: 'Votre session de conseiller a expiré. Veuillez vous reconnecter.' },
  /** An agent's customer session on an endpoint agents may not use (policy/acting-agent.ts `assertNotAgent`). */
  AGENT_FORBIDDEN: { status: 403, message: 'Un conseiller ne peut pas utiliser cette fonction pour le compte d’un client.' },
  AGENT_MOTIF_INVALID: {
    status: 400,
    oauth: 'invalid_request',
    message: 'Indiquez le motif de la connexion : au moins 10 caractères, ou un numéro de ticket (SUP-AAAA-NNNNNN).',
  },
  AGENT_SEARCH_EMPTY: { status: 400, message: 'Indiquez l’adresse e-mail du client ou un numéro de compte de facturation.' },
  /** The e-mail does not manage the chosen account (or either does not exist): the spec's connection failure. */
  AGENT_CONNECTION_REFUSED: {
    status: 403,
    oauth: 'invalid_grant',
    message: ({ code, email }: { code: string; email: string }) =>
      `Connexion KO pour le compte de facturation ${code} (Email de connexion : ${email})`,
  },
  /** The composite login names a customer who manages several accounts: the agent chooses one in the client search. */
  AGENT_ACCOUNT_CHOICE_REQUIRED: {
    status: 400,
    oauth: 'invalid_grant',
    message: 'Ce client gère plusieurs comptes de facturation : choisissez le compte dans la recherche client.',
  },
} as const satisfies Record<string, CatalogueEntry>;
