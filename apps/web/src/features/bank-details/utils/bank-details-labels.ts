import { PAYMENT_MODE_LABELS, type MandateType, type PaymentMode } from '@ecare/shared/bank-details';
import type { RadioOption } from '../../../components/ui/form/radio-group-field.tsx';
import { calendarDayFormat } from '@ecare/shared/paris-time';

export const MANDATE_TYPE_LABELS: Record<MandateType, string> = {
  B2B: 'Interentreprises (B2B)',
  CORE: 'Standard (CORE)',
};

/** What each mode means for the invoices, said where it is chosen. */
export const PAYMENT_MODE_OPTIONS: RadioOption[] = (
  [
    ['PRELEVEMENT', 'Chaque facture est prélevée sur ce compte à son échéance : un mandat de prélèvement SEPA interentreprises est établi avec ces coordonnées.'],
    ['VIREMENT', 'Vous réglez chaque facture par virement. Les coordonnées sont conservées, sans mandat de prélèvement.'],
    ['CARTE', 'Vous réglez vos factures par carte bancaire dans votre espace client. Les coordonnées sont conservées, sans mandat de prélèvement.'],
  ] as const satisfies readonly (readonly [PaymentMode, string])[]
).map(([value, description]) => ({ value, label: PAYMENT_MODE_LABELS[value], description }));

const calendarDate = calendarDayFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** `dd/mm/yyyy` of a calendar date (YYYY-MM-DD), the same day everywhere. */
export const formatDay = (day: string) => calendarDate.format(new Date(`${day}T00:00:00Z`));

/** The masked IBAN as shown: bullets in groups of four (the digits read out apart, see IbanEnd). */
export const shownMaskedIban = (masked: string) => masked.replaceAll('*', '•').replace(/(.{4})(?=.)/gu, '$1 ');
