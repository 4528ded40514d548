import type { ApiKey } from '@ecare/shared/api-keys';
import { calendarDayFormat, parisDateTimeFormat } from '@ecare/shared/paris-time';
import { API_KEY_STATUS_LABELS, API_KEYS_PAGE_TEXTS } from './api-keys-texts.ts';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const day = parisDateTimeFormat({ dateStyle: 'short' });
const calendarDay = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** « Le 23/11/2026 par Sophie Lemoine ». */
export const createdText = (key: ApiKey) => `Le ${day.format(new Date(key.creeLe))} par ${key.creePar}`;

/** The last day the key is valid (a calendar day). */
export const expiryText = (key: ApiKey) => calendarDay.format(new Date(key.expireLe));

export const lastUsedText = (key: ApiKey) => (key.derniereUtilisation ? moment.format(new Date(key.derniereUtilisation)) : API_KEYS_PAGE_TEXTS.neverUsed);

/** A key out of use: when and by whom it was revoked, or the last day it was valid. */
export function inactiveText(key: ApiKey): string {
  if (key.statut === 'REVOQUEE') {
    const when = key.revoqueeLe ? ` le ${day.format(new Date(key.revoqueeLe))}` : '';
    const who = key.revoqueePar ? ` par ${key.revoqueePar}` : '';
    return `${API_KEY_STATUS_LABELS.REVOQUEE}${when}${who}`;
  }
  return `${API_KEY_STATUS_LABELS[key.statut]} (valable jusqu’au ${expiryText(key)})`;
}
