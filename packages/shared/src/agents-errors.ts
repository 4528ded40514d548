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
  // Single sign-on (decision 034).
  /** A validation by SSO id, acores or Régate code without a Gaia or one-click assertion: never answered to a guesser. */
  SSO_ASSERTION_REQUIRED: {
    status: 403,
    message: 'Cette vérification n’est possible qu’après une authentification unique (Gaia ou connexion en un clic).',
  },
  /** The code names no active agent, or another agent than the one the assertion vouches for. */
  SSO_AGENT_UNKNOWN: { status: 404, message: 'Aucun conseiller actif ne correspond à ce code pour votre authentification.' },
  SSO_ONECLIC_INVALID: {
    status: 403,
    message: 'Ce lien de connexion est invalide ou a expiré. Relancez la connexion depuis votre poste conseiller.',
  },
  SSO_GAIA_NOT_CONFIGURED: {
    status: 404,
    message: 'L’authentification unique Gaia n’est pas configurée sur ce portail. Connectez-vous avec votre identifiant et votre code confidentiel.',
  },
  SSO_GAIA_FAILED: { status: 400, message: 'L’authentification Gaia a échoué ou a expiré. Veuillez recommencer.' },
  SSO_GAIA_FUNCTION_UNKNOWN: { status: 404, message: 'Cette fonction Gaia n’est pas proposée par le portail.' },
  SSO_CONTEXT_NOT_FOUND: { status: 404, message: 'Le contexte client est introuvable ou a expiré. Relancez la connexion depuis votre poste conseiller.' },
} as const satisfies Record<string, CatalogueEntry>;
