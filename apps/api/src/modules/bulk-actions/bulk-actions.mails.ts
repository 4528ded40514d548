import { BULK_ACTION_DEFINITIONS, type BulkAction } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';
import type { BulkJobRow } from './bulk-actions.repository.ts';

/** The web app's job centre, which the e-mail links to. */
export const JOBS_PAGE = '/mon-compte/traitements';

export function createBulkActionsMails({ mail, brandName, publicUrl }: { mail: MailService; brandName: string; publicUrl: string }) {
  return {
    /** To whoever started a long job (or one whose action mails each change), when it (or its undo) has ended. */
    async jobEnded(tx: Transaction, to: string, job: BulkJobRow, undone: boolean, note?: string): Promise<void> {
      const what = BULK_ACTION_DEFINITIONS[job.action as BulkAction].libelle;
      const content = layoutMail(brandName, {
        title: `${brandName} – ${undone ? 'Retour arrière terminé' : 'Action groupée terminée'} (traitement n° ${job.idTraitement})`,
        paragraphs: undone
          ? [`Le retour arrière de l’action groupée « ${what} » (traitement n° ${job.idTraitement}) est terminé.`]
          : [
              `L’action groupée « ${what} » (traitement n° ${job.idTraitement}) est terminée.`,
              `Sur ${job.total.toLocaleString('fr-FR')} lignes : ${job.faits.toLocaleString('fr-FR')} faites, ${job.refuses.toLocaleString('fr-FR')} refusées.`,
              ...(note ? [note] : []),
              'Le détail ligne par ligne, avec le motif de chaque refus, est dans votre espace client.',
            ],
        action: 'Voir le traitement',
        link: `${publicUrl}/ecare${JOBS_PAGE}/${job.idTraitement}`,
        footer: 'Vous recevez ce message parce que vous avez lancé cette action groupée.',
      });
      await mail.send(to, content, { tx });
    },
  };
}
export type BulkActionsMails = ReturnType<typeof createBulkActionsMails>;
