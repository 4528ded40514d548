import type { OptinField } from '@ecare/shared/optins';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

/** The two kinds of messages one may agree to, each by e-mail and by SMS, as the page words them. */
export const OPTIN_TOPICS: readonly {
  id: string;
  title: string;
  description: string;
  email: OptinField;
  sms: OptinField;
}[] = [
  {
    id: 'offres',
    title: 'Offres commerciales',
    description: 'Nos offres, promotions et nouveaux forfaits pour les professionnels.',
    email: 'emailMarketing',
    sms: 'smsMarketing',
  },
  {
    id: 'actualites',
    title: 'Actualités du service',
    description: 'Nouveautés de l’espace client, évolutions de nos services et conseils d’utilisation.',
    email: 'emailActualites',
    sms: 'smsActualites',
  },
];

const DATE = parisDateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const TIME = parisDateTimeFormat({ hour: '2-digit', minute: '2-digit' });

/** “Préférences enregistrées le 03/11/2025 à 09:45.”, or what nothing chosen means. */
export function lastSavedText(dateMiseAJour: string | null): string {
  if (dateMiseAJour === null) return 'Aucun choix enregistré pour l’instant : aucune offre ni actualité n’est envoyée.';
  const moment = new Date(dateMiseAJour);
  return `Préférences enregistrées le ${DATE.format(moment)} à ${TIME.format(moment)}.`;
}
