import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ecare/shared';
import { hashToken } from '../../lib/tokens.ts';

/** Lower-case letters and digits a reader does not confuse (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** Ten codes of two groups of five characters (`k7m2q-x9p4r`, about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** How a code is stored and looked up: its digest, whatever its case, spaces and dashes. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}
