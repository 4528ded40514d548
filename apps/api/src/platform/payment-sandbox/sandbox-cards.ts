import { parisDay } from '@ecare/shared/paris-time';
/**
 * The sandbox's test cards and the checks of its card form. What a card does depends on its
 * number only; expiry and security code are checked for form only, as a real form would.
 */
export const TEST_CARDS = [
  { number: '4111111111111111', behaviour: 'ACCEPTED', description: 'paiement accepté' },
  { number: '4000000000000002', behaviour: 'REFUSED', description: 'paiement refusé par la banque' },
  { number: '4000000000003220', behaviour: 'CHALLENGE', description: 'authentification 3-D Secure demandée (code 123456), puis paiement accepté' },
] as const;

export type CardBehaviour = (typeof TEST_CARDS)[number]['behaviour'];

/** The one 3-D Secure code the sandbox's bank accepts. */
export const THREE_D_SECURE_CODE = '123456';

/** `4111 1111 1111 1111`. */
export const groupedCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface CardForm {
  numero: string;
  expiration: string;
  cryptogramme: string;
}

export type CardField = keyof CardForm;

export type CardCheck = { ok: true; behaviour: CardBehaviour } | { ok: false; errors: Partial<Record<CardField, string>> };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Year and month (1–12) in France at `now`. */
function parisMonth(now: Date): { year: number; month: number } {
  const [year = '0', month = '0'] = parisDay(now).split('-');
  return { year: Number(year), month: Number(month) };
}

function expiryError(value: string, now: Date): string | undefined {
  if (value === '') return 'Saisissez la date d’expiration de la carte.';
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return 'Saisissez la date d’expiration au format MM/AA, par exemple 09/28.';
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const today = parisMonth(now);
  if (year < today.year || (year === today.year && month < today.month)) return 'Cette carte a expiré : utilisez une carte en cours de validité.';
  return undefined;
}

/** The form's errors, field by field, or what the card does. */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = form.numero.replace(/[\s-]/g, '');
  if (digits === '') errors.numero = 'Saisissez le numéro de la carte.';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.numero = 'Le numéro de carte est invalide : vérifiez les chiffres saisis.';
  const expiry = expiryError(form.expiration.trim(), now);
  if (expiry) errors.expiration = expiry;
  const code = form.cryptogramme.trim();
  if (code === '') errors.cryptogramme = 'Saisissez le cryptogramme visuel de la carte.';
  else if (!/^\d{3,4}$/.test(code)) errors.cryptogramme = 'Le cryptogramme visuel compte 3 ou 4 chiffres.';
  const card = TEST_CARDS.find((test) => test.number === digits);
  if (!errors.numero && !card) errors.numero = 'Cette carte n’est pas une carte de test : utilisez l’une des cartes de test indiquées sur cette page.';
  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return { ok: true, behaviour: card.behaviour };
}
