import { WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_EVENT_LABELS, WEBHOOK_SECRET_OVERLAP_HOURS, WEBHOOK_TIMEOUT_SECONDS, type WebhookEvent } from '@ecare/shared';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** What the e-mails say of a webhook. */
export interface WebhookMailFacts {
  url: string;
  evenements: readonly WebhookEvent[];
  actif: boolean;
  /** Who acted, as the page shows them; null for the portal itself (a disabling). */
  by: string | null;
}

export type WebhookMailEvent = 'CREATION' | 'MODIFICATION' | 'ROTATION' | 'SUPPRESSION' | 'DESACTIVATION';

const TITLES: Record<WebhookMailEvent, string> = {
  CREATION: 'Webhook créé',
  MODIFICATION: 'Webhook modifié',
  ROTATION: 'Secret de webhook renouvelé',
  SUPPRESSION: 'Webhook supprimé',
  DESACTIVATION: 'Webhook désactivé après des échecs',
};

function firstParagraph(event: WebhookMailEvent, facts: WebhookMailFacts): string {
  switch (event) {
    case 'CREATION':
      return `${facts.by ?? 'Un gestionnaire'} a créé un webhook : les événements du compte seront envoyés à ${facts.url}.`;
    case 'MODIFICATION':
      return `${facts.by ?? 'Un gestionnaire'} a modifié le webhook qui envoie les événements du compte à ${facts.url} ; il est désormais ${facts.actif ? 'actif' : 'désactivé'}.`;
    case 'ROTATION':
      return `${facts.by ?? 'Un gestionnaire'} a renouvelé le secret de signature du webhook ${facts.url}. L’ancien secret signe encore les envois pendant ${WEBHOOK_SECRET_OVERLAP_HOURS} heures, le temps de mettre le nouveau en place.`;
    case 'SUPPRESSION':
      return `${facts.by ?? 'Un gestionnaire'} a supprimé le webhook ${facts.url} : plus aucun événement ne lui sera envoyé.`;
    case 'DESACTIVATION':
      return `Le webhook ${facts.url} n’a accepté aucun envoi depuis ${WEBHOOK_DISABLE_AFTER_HOURS} heures : il a été désactivé et les envois en attente abandonnés.`;
  }
}

/** Sent to the account's managers when a webhook is created, changed, its secret renewed, deleted or disabled (decision 062). */
export function webhookMail(brand: string, idClientBscs: number, event: WebhookMailEvent, facts: WebhookMailFacts, pageLink: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – ${TITLES[event]} (compte ${idClientBscs})`,
    paragraphs: [
      firstParagraph(event, facts),
      event === 'SUPPRESSION' ? 'Les envois passés de ce webhook ne sont plus consultables.' : `Événements envoyés : ${facts.evenements.map((type) => `${WEBHOOK_EVENT_LABELS[type]} (${type})`).join(' ; ')}.`,
      event === 'DESACTIVATION'
        ? `Vérifiez que le serveur répond par un statut 2xx en moins de ${WEBHOOK_TIMEOUT_SECONDS} secondes, puis réactivez le webhook depuis la page API et webhooks ; chaque envoi peut y être renvoyé.`
        : 'Si vous ne reconnaissez pas ce changement, vérifiez les webhooks du compte sans attendre depuis la page API et webhooks.',
    ],
    action: 'API et webhooks',
    link: pageLink,
    footer: 'Vous recevez ce message parce que vous êtes gestionnaire de ce compte de facturation.',
  });
}
