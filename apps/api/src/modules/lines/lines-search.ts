/**
 * Accent-insensitive search of names: the typed text and the stored one are folded by the same
 * table, in JavaScript for the text and with SQL `translate` for the column, so that both sides
 * agree whatever the database's locale (PGlite has no `unaccent`). Case is left to ILIKE, which
 * folds both sides alike.
 */

/** Each group of characters on the left folds to the character on the right. */
const FOLDS: readonly (readonly [string, string])[] = [
  ['ÀÁÂÃÄÅ', 'A'],
  ['àáâãäå', 'a'],
  ['Ç', 'C'],
  ['ç', 'c'],
  ['ÈÉÊË', 'E'],
  ['èéêë', 'e'],
  ['ÌÍÎÏ', 'I'],
  ['ìíîï', 'i'],
  ['Ñ', 'N'],
  ['ñ', 'n'],
  ['ÒÓÔÕÖØ', 'O'],
  ['òóôõöø', 'o'],
  ['ÙÚÛÜ', 'U'],
  ['ùúûü', 'u'],
  ['ÝŸ', 'Y'],
  ['ýÿ', 'y'],
  // Names are typed with either apostrophe, and compound ones with a hyphen or a space.
  ['’‘', "'"],
  ['-', ' '],
];

/** `translate(column, FOLD_FROM, FOLD_TO)`: one character for one. */
export const FOLD_FROM = FOLDS.map(([from]) => from).join('');
export const FOLD_TO = FOLDS.map(([from, to]) => to.repeat(from.length)).join('');

/** Ligatures fold to two letters, which `translate` cannot do: SQL `replace` for each. */
export const LIGATURES: readonly (readonly [string, string])[] = [
  ['Œ', 'OE'],
  ['œ', 'oe'],
  ['Æ', 'AE'],
  ['æ', 'ae'],
];

const FOLD_MAP = new Map<string, string>();
for (const [from, to] of FOLDS) for (const character of from) FOLD_MAP.set(character, to);
for (const [from, to] of LIGATURES) FOLD_MAP.set(from, to);

/** The search text as the folded column reads: composed, accents and ligatures folded, spaces collapsed. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const character of text.normalize('NFC')) folded += FOLD_MAP.get(character) ?? character;
  return folded.replace(/\s+/g, ' ').trim();
}
