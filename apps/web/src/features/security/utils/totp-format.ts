import { parisDateTimeFormat } from '@ecare/shared/paris-time';

/** A secret as the reader types it into an app: groups of 4 characters (« JBSW Y3DP EHPK 3PXP »). */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

const day = parisDateTimeFormat({ dateStyle: 'short' });
const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** « 05/03/2026 » for an ISO instant; null when it cannot be read. */
export function frenchDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : day.format(date);
}

/** The recovery codes as a text file: what they are, when they were given, one code a line. */
export function recoveryCodesText(codes: readonly string[], givenAt: Date): string {
  return [
    'Codes de secours de votre espace client',
    `Obtenus le ${moment.format(givenAt)}`,
    'Chaque code permet une seule connexion si vous n’avez plus accès à votre application d’authentification ou à vos clés d’accès.',
    '',
    ...codes,
    '',
  ].join('\n');
}
