import { ALERT_TYPES, alertSentence, DATA_FREEZE_SCOPE, type Alert } from '@ecare/shared';
import { calendarDayFormat } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import type { Transaction } from '../../db/transaction.ts';
import { layoutMail, type MailService } from '../../platform/mail/index.ts';

/** Lines an alert e-mail lists at most; the page lists them all. */
const LINES_LISTED = 20;
const longDay = calendarDayFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const dayText = (isoDay: string) => longDay.format(new Date(isoDay));

/** What the e-mails need to know of the portal. */
export interface AlertMailContext {
  mail: MailService;
  brandName: string;
  publicUrl: string;
  /** Path of the alerts page in the web app (after /ecare). */
  alertsPath: string;
}

type MailedAlert = Alert & { idClientBscs: number };

export function createUsageAlertsMails({ mail, brandName, publicUrl, alertsPath }: AlertMailContext) {
  const lineLink = (idContrat: number) => `${publicUrl}/ecare/ligne-mobile/${idContrat}/consommation`;
  const freezeLine = (alert: Alert, end: string) =>
    alert.blocage ? [`Les données mobiles de la ligne ${formatPhone(alert.numeroLigne)} sont suspendues jusqu’au ${dayText(end)}. ${DATA_FREEZE_SCOPE} Vous pouvez lever la suspension depuis la page de la ligne.`] : [];

  function alertMail(given: readonly MailedAlert[], end: string) {
    // Line by line, each line's alerts in the order of the types, the smaller threshold first.
    const alerts = [...given].sort((a, b) => a.numeroLigne.localeCompare(b.numeroLigne) || ALERT_TYPES.indexOf(a.type) - ALERT_TYPES.indexOf(b.type) || a.seuil - b.seuil);
    const lines = new Set(alerts.map((alert) => alert.idContrat));
    const first = alerts[0];
    const single = lines.size === 1 && first !== undefined;
    const listed = alerts.slice(0, LINES_LISTED);
    const more = alerts.length - listed.length;
    return layoutMail(brandName, {
      title: single ? `${brandName} – Alerte de consommation sur la ligne ${formatPhone(first.numeroLigne)}` : `${brandName} – ${alerts.length} alertes de consommation`,
      paragraphs: [
        ...listed.flatMap((alert) => [alertSentence(alert), ...freezeLine(alert, end)]),
        ...(more > 0 ? [`Et ${more} autres alertes, sur la page des alertes.`] : []),
      ],
      action: single ? 'Voir la consommation de la ligne' : 'Voir les alertes',
      link: single ? lineLink(first.idContrat) : `${publicUrl}/ecare${alertsPath}`,
      footer: 'Vous recevez ce message parce que vous gérez ce compte de facturation ou utilisez cette ligne. Les seuils d’alerte se règlent dans l’espace client.',
    });
  }

  return {
    /**
     * The new alerts of an evaluation, in its transaction: one e-mail per manager of each account
     * (all of the account's new alerts in it) and one per line user who asked to be told.
     */
    async alerts(tx: Transaction, alerts: readonly MailedAlert[], managers: ReadonlyMap<number, readonly string[]>, users: ReadonlyMap<number, string>, end: string) {
      const byAccount = new Map<number, MailedAlert[]>();
      for (const alert of alerts) byAccount.set(alert.idClientBscs, [...(byAccount.get(alert.idClientBscs) ?? []), alert]);
      for (const [idClientBscs, own] of byAccount) {
        const content = alertMail(own, end);
        for (const to of new Set(managers.get(idClientBscs) ?? [])) await mail.send(to, content, { tx });
      }
      const byLine = new Map<number, MailedAlert[]>();
      for (const alert of alerts) if (users.has(alert.idContrat)) byLine.set(alert.idContrat, [...(byLine.get(alert.idContrat) ?? []), alert]);
      for (const [idContrat, own] of byLine) {
        const to = users.get(idContrat);
        const managed = managers.get(own[0]?.idClientBscs ?? -1) ?? [];
        if (to && !managed.includes(to)) await mail.send(to, alertMail(own, end), { tx });
      }
    },

    /** A freeze set or lifted by hand, or ended with its period: the account's managers are told. */
    async freezeChanged(tx: Transaction, to: readonly string[], line: { idContrat: number; numeroLigne: string; periode: string }, what: 'BLOCAGE' | 'LEVEE' | 'FIN_PERIODE') {
      const number = formatPhone(line.numeroLigne);
      const texts = {
        BLOCAGE: {
          title: `${brandName} – Données suspendues sur la ligne ${number}`,
          paragraph: `Les données mobiles de la ligne ${number} ont été suspendues à la demande d’un gestionnaire du compte, jusqu’à ce qu’il lève la suspension ou au plus tard jusqu’au début de la prochaine période de facturation. ${DATA_FREEZE_SCOPE}`,
        },
        LEVEE: { title: `${brandName} – Données rétablies sur la ligne ${number}`, paragraph: `Un gestionnaire du compte a levé la suspension des données mobiles de la ligne ${number}.` },
        FIN_PERIODE: {
          title: `${brandName} – Données rétablies sur la ligne ${number}`,
          paragraph: `Une nouvelle période de facturation a commencé : les données mobiles de la ligne ${number} sont rétablies.`,
        },
      }[what];
      const content = layoutMail(brandName, {
        title: texts.title,
        paragraphs: [texts.paragraph],
        action: 'Voir la ligne',
        link: `${publicUrl}/ecare/ligne-mobile/${line.idContrat}`,
        footer: 'Vous recevez ce message parce que vous gérez ce compte de facturation.',
      });
      for (const address of new Set(to)) await mail.send(address, content, { tx });
    },
  };
}
export type UsageAlertsMails = ReturnType<typeof createUsageAlertsMails>;
