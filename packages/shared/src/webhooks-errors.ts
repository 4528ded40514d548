import type { CatalogueEntry } from './error-entries.ts';

/** Error codes of the webhooks (decision 062). */
export const WEBHOOKS_ERRORS = {
  WEBHOOK_UNKNOWN: { status: 404, message: 'Ce webhook n’existe pas.' },
  WEBHOOK_DELIVERY_UNKNOWN: { status: 404, message: 'Cette livraison n’existe pas.' },
  WEBHOOKS_LIMIT: { status: 409, message: 'Ce compte a déjà 10 webhooks : supprimez-en un avant d’en ajouter un autre.' },
  WEBHOOK_AGENT_FORBIDDEN: {
    status: 403,
    message: 'Seul un gestionnaire du compte peut créer un webhook, changer son adresse ou ses événements, le réactiver ou renouveler son secret.',
  },
  WEBHOOK_INACTIVE: { status: 409, message: 'Ce webhook est désactivé : réactivez-le avant de renvoyer un événement.' },
  WEBHOOK_URL_INVALID: {
    status: 400,
    message: 'L’adresse doit être une URL https complète (https://…), sans identifiants, vers un serveur public.',
  },
} as const satisfies Record<string, CatalogueEntry>;
