/**
 * French typography for the reference texts (legal pages, static documents). Written by hand
 * rather than with Intl: a data migration stores the text once, and the declaration it is
 * checked against must come out the same whatever ICU version a machine runs.
 */

const NO_BREAK_SPACE = '\u00a0';

/** Groups of three digits separated by `separator`: 25000000 → "25 000 000". */
export function groupDigits(value: number, separator = NO_BREAK_SPACE): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A decimal with a comma: 49.4 → "49,4"; whole numbers keep no decimals. */
export function decimal(value: number, separator = NO_BREAK_SPACE): string {
  const [whole = '0', fraction] = String(value).split('.');
  return fraction === undefined ? groupDigits(Number(whole), separator) : `${groupDigits(Number(whole), separator)},${fraction}`;
}

/** An amount in cents: 1499 → "14,99 €" (always two decimals). */
export function euros(cents: number, separator = NO_BREAK_SPACE): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `${groupDigits(whole, separator)},${rest}${separator}€`;
}

const BEFORE = / ([:;?!»%€])/g;

/**
 * The no-break spaces French puts before `: ; ? ! % €` and inside guillemets, written as
 * `&nbsp;` in HTML. Texts are typed with ordinary spaces; URLs (no space before their colon)
 * are left alone.
 */
export function typographyHtml(html: string): string {
  return html.replace(BEFORE, '&nbsp;$1').replace(/« /g, '«&nbsp;');
}

/** The same for plain text, with the character itself. */
export function typographyText(text: string): string {
  return text.replace(BEFORE, `${NO_BREAK_SPACE}$1`).replace(/« /g, `«${NO_BREAK_SPACE}`);
}
