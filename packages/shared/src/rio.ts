/**
 * RIO (relevé d'identité opérateur), the 12-character identifier a customer gives a new operator
 * to take their number along: `OO Q RRRRRR CCC` — operator code, customer kind (`E` business,
 * `P` consumer, for mobile lines), a 6-character contract reference, and a 3-character key that
 * ties the RIO to the 10-digit number so that a miscopied RIO or number is caught.
 *
 * The key: over the 19 characters OO + Q + RRRRRR + number, with each character's position `p`
 * in the 37-character alphabet below, a = (a + p) mod 37, b = (2b + p) mod 37, c = (4c + p) mod 37;
 * the key is the characters at a, b and c.
 */

export const RIO_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+';

/** The operator code this portal's lines carry in their RIO. */
export const RIO_OPERATOR_CODE = 'T1';

/** Customer kind of a business line. */
export const RIO_BUSINESS = 'E';

const RIO_PATTERN = /^[0-9A-Z+]{2}[EP][0-9A-Z+]{6}[0-9A-Z+]{3}$/;
const NATIONAL_NUMBER = /^0\d{9}$/;

function position(char: string): number {
  const index = RIO_ALPHABET.indexOf(char);
  if (index < 0) throw new RangeError(`character outside the RIO alphabet: ${char}`);
  return index;
}

/** The 3-character key of a RIO's first 9 characters and the 10-digit national number. */
export function rioKey(head: string, numero: string): string {
  if (head.length !== 9) throw new RangeError('a RIO key needs the 9 first characters');
  if (!NATIONAL_NUMBER.test(numero)) throw new RangeError('a RIO key needs a 10-digit national number');
  let a = 0;
  let b = 0;
  let c = 0;
  for (const char of head + numero) {
    const p = position(char);
    a = (a + p) % 37;
    b = (2 * b + p) % 37;
    c = (4 * c + p) % 37;
  }
  return `${RIO_ALPHABET[a]}${RIO_ALPHABET[b]}${RIO_ALPHABET[c]}`;
}

/**
 * The 6-character reference of a contract: its id in base 36, zero-padded. Every positive
 * 32-bit id fits (36⁶ > 2³¹), distinct ids give distinct references, and the RIO of a contract
 * stays the same as long as its number does.
 */
export function rioReference(idContrat: number): string {
  if (!Number.isInteger(idContrat) || idContrat < 0 || idContrat >= 36 ** 6) throw new RangeError('contract id out of range');
  return idContrat.toString(36).toUpperCase().padStart(6, '0');
}

/** The RIO of a line: 12 characters, without spaces. */
export function buildRio(parts: { operateur: string; qualite: 'E' | 'P'; reference: string; numero: string }): string {
  const head = `${parts.operateur}${parts.qualite}${parts.reference}`;
  return head + rioKey(head, parts.numero);
}

/** Whether a RIO (spaces allowed) is well formed and its key matches the number. */
export function isValidRio(rio: string, numero: string): boolean {
  const compact = rio.replace(/\s+/g, '').toUpperCase();
  if (!RIO_PATTERN.test(compact) || !NATIONAL_NUMBER.test(numero)) return false;
  return rioKey(compact.slice(0, 9), numero) === compact.slice(9);
}

/** `OO Q RRRRRR CCC`, as printed for a person to read. */
export function formatRio(rio: string): string {
  return `${rio.slice(0, 2)} ${rio.slice(2, 3)} ${rio.slice(3, 9)} ${rio.slice(9)}`;
}
