import { reportName, reportPeriodLabel, type ReportFrequency, type ReportType } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailAttachment, type MailService } from '../../platform/mail/index.ts';

export interface ReportMailContext {
  mail: MailService;
  brandName: string;
  publicUrl: string;
  /** Path of the reports page in the web app (after /ecare). */
  reportsPath: string;
}

export function createScheduledReportsMails({ mail, brandName, publicUrl, reportsPath }: ReportMailContext) {
  return {
    /** One recipient's e-mail of a sending, the workbook attached when it is small enough, in the sending's transaction. */
    async report(tx: Transaction, to: string, sending: { report: { type: ReportType; frequence: ReportFrequency; idClientBscs: number }; periode: string; attached: MailAttachment | null }) {
      const { report, periode, attached } = sending;
      const content = layoutMail(brandName, {
        title: `${brandName} – Votre rapport programmé du compte ${report.idClientBscs}`,
        paragraphs: [
          `Voici le rapport « ${reportName(report)} » du compte de facturation ${report.idClientBscs}, pour la ${reportPeriodLabel(periode)}.`,
          attached
            ? 'Le classeur Excel est joint à ce message ; il reste téléchargeable pendant un an dans l’espace client.'
            : 'Le classeur est trop volumineux pour être joint à ce message : les gestionnaires du compte le téléchargent dans l’espace client, où il reste un an.',
        ],
        action: 'Voir les rapports programmés',
        link: `${publicUrl}/ecare${reportsPath}`,
        footer: 'Vous recevez ce message parce qu’un gestionnaire de ce compte de facturation a programmé ce rapport pour vous. Il se supprime dans l’espace client.',
      });
      await mail.send(to, attached ? { ...content, attachments: [attached] } : content, { tx });
    },
  };
}

export type ScheduledReportsMails = ReturnType<typeof createScheduledReportsMails>;
