import { ValidationErrorsBIC, ValidationErrorsIBAN, countrySpecs, isSEPACountry, validateBIC, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { MAX_ID } from './constants.ts';

/**
 * Bank details of a billing account, its payment mode and its SEPA direct-debit mandate
 * (issue 9, decision 026): `GET/PUT /api/clients/{idClientBscs}/coordonnees-bancaires`,
 * `GET /api/clients/{idClientBscs}/mandat-sepa` and its PDF. The IBAN and BIC rules are
 * ibantools' (country, length, national format and keys, checksum), the same in the form and in
 * the API.
 */

/** How the account pays its invoices. */
export const PAYMENT_MODES = ['CARTE', 'VIREMENT', 'PRELEVEMENT'] as const;
export const paymentModeSchema = lazySchema(() =>
  z.enum(PAYMENT_MODES, 'Veuillez choisir un mode de paiement : carte bancaire, virement ou prélèvement.'),
);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CARTE: 'Carte bancaire',
  VIREMENT: 'Virement',
  PRELEVEMENT: 'Prélèvement SEPA',
};

/**
 * The spec's enumeration of payment modes (§3: CarteBleue 3, Virement 6) for the modes it names;
 * direct debit has no number there (decision 026).
 */
export const SPEC_PAYMENT_MODE_CODES = { CARTE: 3, VIREMENT: 6, PRELEVEMENT: null } as const satisfies Record<PaymentMode, number | null>;

/** Interbank (B2B) for companies, which every customer of the portal is; CORE kept for others. */
export const MANDATE_TYPES = ['B2B', 'CORE'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];
export const MANDATE_STATUSES = ['ACTIF', 'REVOQUE'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/** A unique mandate reference (RUM) has at most 35 characters (SEPA rulebooks). */
export const RUM_MAX_LENGTH = 35;
/** Longest IBAN of any country. */
export const IBAN_MAX_LENGTH = 34;
/** Name of the account holder: the 70 characters of a SEPA debtor name. */
export const HOLDER_NAME_MIN = 2;
export const HOLDER_NAME_MAX = 70;
/** What the fields take before normalising: a pasted IBAN may carry spaces, never this many. */
const IBAN_INPUT_MAX = 64;
const BIC_INPUT_MAX = 24;
const HOLDER_INPUT_MAX = 200;

/** Masked IBAN as the API answers it: one `*` per hidden character, then the last four. */
export const MASKED_IBAN = /^\*{4,30}[A-Z0-9]{4}$/;
/** A creditor identifier (ICS): country, check digits, business code, national identifier. */
const CREDITOR_IDENTIFIER = /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/;

/** The IBAN in its electronic format: no spaces of any kind, upper case. */
export const electronicIban = (text: string): string => text.replace(/\s+/g, '').toUpperCase();
export const electronicBic = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** `FR76 9990 1000 …`: groups of four, as printed on a RIB. */
export const formatIban = (iban: string): string => electronicIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** Every character hidden but the last four (the length stays, the country does not show). */
export const maskIban = (iban: string): string => {
  const electronic = electronicIban(iban);
  return `${'*'.repeat(Math.max(0, electronic.length - 4))}${electronic.slice(-4)}`;
};

/** The last four characters of an IBAN, masked or not. */
export const ibanEnd = (iban: string): string => electronicIban(iban).slice(-4);

/** Letters as ISO 7064 reads them (A = 10 … Z = 35), then the remainder modulo 97, digit by digit. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * Whether a SEPA creditor identifier (ICS in France) is well formed and its check digits right:
 * ISO 7064 mod 97-10 over the national identifier, the country code and "00", the business code
 * (positions 5 to 7) left out.
 */
export function isValidCreditorIdentifier(ics: string): boolean {
  if (!CREDITOR_IDENTIFIER.test(ics)) return false;
  const check = 98 - mod97(`${ics.slice(7)}${ics.slice(0, 2)}00`);
  return String(check).padStart(2, '0') === ics.slice(2, 4);
}

/**
 * The unique mandate reference: the account number the customer knows, the day of signature and
 * the account's mandate number (`3.1000001-20260115-002`). An account number too long for the 35
 * characters gives way to its id (`ID1000001-…`): account numbers start with a digit, so the two
 * never meet, and the number after the day makes each account's references distinct.
 */
export function mandateReference(account: { idClientBscs: number; codeClientBscs: string }, signatureDay: string, number: number): string {
  const tail = `-${signatureDay.replaceAll('-', '')}-${String(number).padStart(3, '0')}`;
  const head = account.codeClientBscs.length + tail.length <= RUM_MAX_LENGTH ? account.codeClientBscs : `ID${account.idClientBscs}`;
  return `${head}${tail}`;
}

/** Field messages of the bank details form, the API's as well. */
export const BANK_DETAILS_MESSAGES = {
  holderRequired: 'Veuillez indiquer le nom du titulaire du compte.',
  holderShort: `Le nom du titulaire du compte doit comporter au moins ${HOLDER_NAME_MIN} caractères.`,
  holderLong: `Le nom du titulaire du compte ne peut dépasser ${HOLDER_NAME_MAX} caractères.`,
  holderCharacters:
    'Le nom du titulaire du compte doit commencer par une lettre ou un chiffre et ne contenir que des lettres, des chiffres, des espaces et les signes \' ’ - . , & / ( ) +.',
  ibanRequired: 'Veuillez indiquer l’IBAN du compte à débiter.',
  ibanLong: `L’IBAN saisi est trop long : un IBAN compte au plus ${IBAN_MAX_LENGTH} caractères.`,
  ibanFormat:
    'L’IBAN doit commencer par les deux lettres du pays (FR pour la France) et deux chiffres de contrôle, suivis de lettres et de chiffres uniquement, par exemple FR76 9990 1000 1200 0123 4560 167.',
  ibanCountry: (country: string) => `« ${country} » n’est pas un code pays d’IBAN : un IBAN français commence par FR.`,
  ibanNotSepa: (country: string) =>
    `Le prélèvement SEPA demande un compte ouvert dans un pays de la zone SEPA ; un IBAN commençant par ${country} n’en fait pas partie.`,
  ibanLength: ({ country, expected, given }: { country: string; expected: number; given: number }) =>
    `Un IBAN commençant par ${country} compte ${expected} caractères ; celui saisi en compte ${given}. Vérifiez qu’il ne manque ou ne dépasse aucun caractère.`,
  ibanNationalFormat: (country: string) =>
    `Cet IBAN ne suit pas le format des comptes du pays (${country}) : vérifiez chaque caractère sur votre RIB.`,
  ibanChecksum: 'La clé de contrôle de l’IBAN (3e et 4e caractères) ne correspond pas au reste : un caractère est sans doute mal saisi. Vérifiez l’IBAN sur votre RIB.',
  ibanNationalKey: 'La clé RIB contenue dans l’IBAN (ses deux derniers chiffres) ne correspond pas au compte : un chiffre est sans doute mal saisi. Vérifiez l’IBAN sur votre RIB.',
  ibanQr: 'Un QR-IBAN suisse sert aux QR-factures et ne peut pas recevoir de prélèvement : indiquez l’IBAN ordinaire du compte.',
  bicRequired: 'Veuillez indiquer le BIC de la banque.',
  bicFormat:
    'Le BIC compte 8 ou 11 caractères : 4 lettres pour la banque, 2 pour le pays, 2 lettres ou chiffres pour la ville et, s’il y en a, 3 pour l’agence (par exemple DEMOFRPP ou DEMOFRPPXXX).',
  bicCountry: (country: string) => `Le BIC indique un pays inconnu (« ${country} », ses 5e et 6e caractères) : vérifiez votre saisie.`,
  bicMismatch: ({ bicCountry, ibanCountry }: { bicCountry: string; ibanCountry: string }) =>
    `Le BIC est celui d’une banque du pays ${bicCountry} (ses 5e et 6e caractères) alors que l’IBAN est un IBAN ${ibanCountry} : recopiez l’un et l’autre du même RIB.`,
} as const;

const M = BANK_DETAILS_MESSAGES;

/** Letters (accented too), digits, spaces and the punctuation of company and person names. */
const HOLDER_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '’\-.,&/()+]*$/u;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]*$/;

/**
 * Countries whose banks hold IBANs of another country's series: the French overseas territories
 * and Monaco's neighbours keep FR IBANs with a BIC of their own code; the Crown Dependencies, GB
 * IBANs.
 */
const BIC_COUNTRIES_OF_IBAN: Readonly<Record<string, readonly string[]>> = {
  FR: ['FR', 'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF'],
  GB: ['GB', 'JE', 'GG', 'IM'],
};

/** The first problem of an IBAN in electronic format, in the order a person fixes them, or null. */
export function ibanProblem(iban: string): string | null {
  if (iban === '') return M.ibanRequired;
  if (iban.length > IBAN_MAX_LENGTH + 2) return M.ibanLong;
  if (!IBAN_SHAPE.test(iban)) return M.ibanFormat;
  const country = iban.slice(0, 2);
  const { errorCodes } = validateIBAN(iban, { allowQRIBAN: false });
  const has = (code: ValidationErrorsIBAN) => errorCodes.includes(code);
  if (has(ValidationErrorsIBAN.NoIBANCountry)) return M.ibanCountry(country);
  if (!isSEPACountry(country)) return M.ibanNotSepa(country);
  const expected = countrySpecs[country]?.chars;
  if (has(ValidationErrorsIBAN.WrongBBANLength) && expected !== undefined) return M.ibanLength({ country, expected, given: iban.length });
  if (has(ValidationErrorsIBAN.WrongBBANFormat)) return M.ibanNationalFormat(country);
  if (has(ValidationErrorsIBAN.WrongIBANChecksum) || has(ValidationErrorsIBAN.ChecksumNotNumber)) return M.ibanChecksum;
  if (has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) return M.ibanNationalKey;
  if (has(ValidationErrorsIBAN.QRIBANNotAllowed)) return M.ibanQr;
  return errorCodes.length === 0 ? null : M.ibanFormat;
}

/** The first problem of a BIC (normalised), or null. */
export function bicProblem(bic: string): string | null {
  if (bic === '') return M.bicRequired;
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return M.bicFormat;
  const { errorCodes } = validateBIC(bic);
  if (errorCodes.includes(ValidationErrorsBIC.NoBICCountry)) return M.bicCountry(bic.slice(4, 6));
  return errorCodes.length === 0 ? null : M.bicFormat;
}

/** Whether a valid BIC may go with a valid IBAN: a bank of the IBAN's country (or of its territories). */
export function bicMatchesIban(bic: string, iban: string): boolean {
  const ibanCountry = iban.slice(0, 2);
  const bicCountry = bic.slice(4, 6);
  return (BIC_COUNTRIES_OF_IBAN[ibanCountry] ?? [ibanCountry]).includes(bicCountry);
}

/** A holder's name as stored: trimmed, inner runs of spaces made one. */
export const holderName = (text: string): string => text.trim().replace(/\s+/g, ' ');

export function holderProblem(name: string): string | null {
  if (name === '') return M.holderRequired;
  const length = [...name].length;
  if (length < HOLDER_NAME_MIN) return M.holderShort;
  if (length > HOLDER_NAME_MAX) return M.holderLong;
  return HOLDER_NAME.test(name) ? null : M.holderCharacters;
}

/** A text field normalised, then refused with its first problem. */
function checkedText(required: string, tooLong: string, max: number, normalise: (text: string) => string, problem: (text: string) => string | null) {
  return z
    .string(required)
    .max(max, tooLong)
    .transform(normalise)
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/**
 * `PUT /api/clients/{idClientBscs}/coordonnees-bancaires`: the holder, the IBAN and the BIC as
 * typed (spaces, lower case accepted), stored normalised; the payment mode, when given, changes
 * with them. The BIC must be a bank of the IBAN's country.
 */
export const bankDetailsChangeSchema = lazySchema(() =>
  z
    .object({
      titulaire: checkedText(M.holderRequired, M.holderLong, HOLDER_INPUT_MAX, holderName, holderProblem),
      iban: checkedText(M.ibanRequired, M.ibanLong, IBAN_INPUT_MAX, electronicIban, ibanProblem),
      bic: checkedText(M.bicRequired, M.bicFormat, BIC_INPUT_MAX, electronicBic, bicProblem),
      modePaiement: paymentModeSchema.optional(),
    })
    .superRefine((value, ctx) => {
      // Read again from what was sent: the check runs even when another field is wrong.
      const iban = typeof value.iban === 'string' ? electronicIban(value.iban) : '';
      const bic = typeof value.bic === 'string' ? electronicBic(value.bic) : '';
      if (ibanProblem(iban) !== null || bicProblem(bic) !== null || bicMatchesIban(bic, iban)) return;
      ctx.addIssue({ code: 'custom', path: ['bic'], message: M.bicMismatch({ bicCountry: bic.slice(4, 6), ibanCountry: iban.slice(0, 2) }) });
    }, { when: ({ value }) => typeof value === 'object' && value !== null }),
);
export type BankDetailsChange = z.input<typeof bankDetailsChangeSchema>;
export type BankDetailsChangeValues = z.output<typeof bankDetailsChangeSchema>;

const accountIdMessage = 'Le compte de facturation doit être désigné par son identifiant numérique (idClientBscs).';

/** `/api/clients/{idClientBscs}/…`. */
export const bankAccountParamSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.coerce.number<string>(accountIdMessage).int(accountIdMessage).positive(accountIdMessage).max(MAX_ID, accountIdMessage),
  }),
);

/**
 * `GET /api/clients/{idClientBscs}/coordonnees-bancaires`: the IBAN masked but its last four
 * characters, never whole; null fields while the account has given no bank details.
 */
export const bankDetailsSchema = lazySchema(() =>
  z.object({
    titulaire: z.string().nullable(),
    iban: z.string().regex(MASKED_IBAN).nullable(),
    bic: z.string().nullable(),
    modePaiement: paymentModeSchema,
  }),
);
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** A calendar date, `YYYY-MM-DD`. */
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** `GET /api/clients/{idClientBscs}/mandat-sepa`: the account's mandate in force (IBAN masked). */
export const sepaMandateSchema = lazySchema(() =>
  z.object({
    statut: z.enum(MANDATE_STATUSES),
    /** Unique mandate reference (référence unique de mandat). */
    rum: z.string().max(RUM_MAX_LENGTH),
    type: z.enum(MANDATE_TYPES),
    /** A mandate for a series of debits, as every invoice of the account is. */
    typePaiement: z.literal('RECURRENT'),
    /** Day of the signature, in France. */
    dateSignature: isoDate,
    lieuSignature: z.string(),
    titulaire: z.string(),
    iban: z.string().regex(MASKED_IBAN),
    bic: z.string(),
    creancier: z.object({ nom: z.string(), ics: z.string() }),
  }),
);
export type SepaMandate = z.infer<typeof sepaMandateSchema>;

/** What the save answers: the bank details as saved, and the mandate in force (null without direct debit). */
export const bankDetailsSavedSchema = lazySchema(() =>
  bankDetailsSchema.extend({ mandat: sepaMandateSchema.nullable() }),
);
export type BankDetailsSaved = z.infer<typeof bankDetailsSavedSchema>;
