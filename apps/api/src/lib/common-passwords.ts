import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** French favourites that the international list lacks. */
const FRENCH_COMMON = [
  'azerty', 'azertyuiop', 'motdepasse', 'soleil', 'bonjour', 'doudou', 'loulou', 'chouchou', 'marseille',
  'nicolas', 'camille', 'julien', 'celine', 'coucou', 'jetaime', 'chocolat', 'vacances', 'printemps',
  'telora', 'teloraPro', 'espaceclient', 'orange', 'free', 'sfr', 'bouygues', 'france', 'paris',
];

let words: Set<string> | undefined;

/** About 49,000 common and breached passwords (zxcvbn-ts list, MIT) plus French ones, lower-cased. */
function commonWords(): Set<string> {
  if (!words) {
    const list = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    words = new Set([...list, ...FRENCH_COMMON].map((w) => w.toLowerCase()));
  }
  return words;
}

export function commonPasswordCount(): number {
  return commonWords().size;
}

/**
 * Whether a code is, or is built on, a common password: the whole code, or its letters once
 * the digits and symbols around them are stripped ("Soleil2026!" → "soleil").
 */
export function isCommonPassword(code: string): boolean {
  const list = commonWords();
  const lower = code.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/^[^a-zà-ÿ]+|[^a-zà-ÿ]+$/g, '');
  return core.length >= 4 && list.has(core);
}
