import { ALERT_STATUS_LABELS, ALERT_TYPE_LABELS, type Alert } from '@ecare/shared/usage-alerts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** `29/11/2026 14:05`, Paris time. */
export const alertMoment = (alert: Pick<Alert, 'declencheeLe'>) => dateTime.format(new Date(alert.declencheeLe));
export const alertTypeLabel = (alert: Pick<Alert, 'type'>) => ALERT_TYPE_LABELS[alert.type];
export const alertStatusLabel = (alert: Pick<Alert, 'statut'>) => ALERT_STATUS_LABELS[alert.statut];
/** A line's consumption page, where an alert leads. */
export const lineConsumptionPath = (idContrat: number) => `/ligne-mobile/${idContrat}/consommation`;
