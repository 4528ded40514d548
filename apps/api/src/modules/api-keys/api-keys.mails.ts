import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@ecare/shared';
import { frenchDay } from '@ecare/shared/paris-time';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

export interface ApiKeyMailFacts {
  libelle: string;
  prefixe: string;
  portees: ApiKeyScope[];
  expireLe: string;
  /** Who created or revoked it, as the page shows them. */
  by: string;
}

/** Sent to the account's managers when a key is created or revoked (decision 061). */
export function apiKeyMail(brand: string, event: 'CREATION' | 'REVOCATION', facts: ApiKeyMailFacts, pageLink: string): MailContent {
  const created = event === 'CREATION';
  return layoutMail(brand, {
    title: `${brand} – Clé d’API ${created ? 'créée' : 'révoquée'}`,
    paragraphs: [
      created
        ? `${facts.by} a créé la clé d’API « ${facts.libelle} » (${facts.prefixe}…), valable jusqu’au ${frenchDay(facts.expireLe)} inclus.`
        : `${facts.by} a révoqué la clé d’API « ${facts.libelle} » (${facts.prefixe}…) : elle ne donne plus accès aux données du compte.`,
      `Ce qu’elle ${created ? 'peut' : 'pouvait'} lire : ${facts.portees.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(' ; ')}.`,
      created ? 'Si vous ne reconnaissez pas cette création, révoquez la clé sans attendre depuis la page API et webhooks.' : 'Les outils qui l’utilisaient doivent recevoir une nouvelle clé.',
    ],
    action: 'API et webhooks',
    link: pageLink,
    footer: 'Vous recevez ce message parce que vous êtes gestionnaire de ce compte de facturation.',
  });
}
