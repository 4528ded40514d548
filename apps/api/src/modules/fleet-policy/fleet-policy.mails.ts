import { formatCentimes } from '@ecare/shared';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';

const longDay = parisDateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

export interface FleetPolicyMailContext {
  mail: MailService;
  brandName: string;
  publicUrl: string;
}

interface MailedOrder {
  numero: string;
  idClientBscs: number;
  montantHtCentimes: number;
}

/** The approval's e-mails: to the other managers when an order waits, to the requester when it is decided. */
export function createFleetPolicyMails({ mail, brandName, publicUrl }: FleetPolicyMailContext) {
  const orderLink = (order: MailedOrder) => `${publicUrl}/ecare/mon-compte/commandes/${order.numero}`;
  const footer = 'Vous recevez ce message parce que vous gérez ce compte de facturation et que votre entreprise fait valider ses commandes.';

  return {
    async approvalRequested(tx: Transaction, to: readonly string[], order: MailedOrder & { demandeur: string; expireLe: Date }) {
      for (const email of to) {
        await mail.send(
          email,
          layoutMail(brandName, {
            title: `Commande ${order.numero} à valider`,
            paragraphs: [
              `${order.demandeur} a passé la commande ${order.numero}, de ${formatCentimes(order.montantHtCentimes)} HT : au-delà du seuil de votre entreprise, elle attend la validation d’un autre gestionnaire.`,
              `Validez-la ou refusez-la avant le ${longDay.format(order.expireLe)} ; sans décision, elle sera annulée.`,
            ],
            action: 'Voir la commande',
            link: orderLink(order),
            footer,
          }),
          { tx },
        );
      }
    },

    async decided(tx: Transaction, to: string, order: MailedOrder & { statut: 'APPROUVEE' | 'REFUSEE' | 'EXPIREE'; decideur: string | null; motif: string | null }) {
      const paragraphs =
        order.statut === 'APPROUVEE'
          ? [`${order.decideur ?? 'Un gestionnaire'} a validé votre commande ${order.numero} : elle suit son cours.`]
          : order.statut === 'REFUSEE'
            ? [`${order.decideur ?? 'Un gestionnaire'} a refusé votre commande ${order.numero}, qui est annulée.`, `Motif : ${order.motif ?? ''}`]
            : [`Votre commande ${order.numero} n’a été validée par aucun gestionnaire dans les 7 jours : elle est annulée.`];
      const title =
        order.statut === 'APPROUVEE' ? `Votre commande ${order.numero} est validée` : order.statut === 'REFUSEE' ? `Votre commande ${order.numero} est refusée` : `Votre commande ${order.numero} est annulée`;
      await mail.send(to, layoutMail(brandName, { title, paragraphs, action: 'Voir la commande', link: orderLink(order), footer: 'Vous recevez ce message parce que vous avez passé cette commande depuis votre espace client.' }), { tx });
    },
  };
}
export type FleetPolicyMails = ReturnType<typeof createFleetPolicyMails>;
