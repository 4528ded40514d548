import { parisDateTimeFormat } from '@ecare/shared/paris-time';

/** A secret as the reader types it into an app: groups of 4 characters (« JBSW Y3DP EHPK 3PXP »). */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

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
