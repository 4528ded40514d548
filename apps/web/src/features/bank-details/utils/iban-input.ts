/**
 * An IBAN as it is typed: upper case, in groups of four as printed on a RIB, whatever spacing was
 * typed or pasted. Other characters stay, so the check can say what is wrong with them.
 */
export function groupIban(text: string): string {
  return text
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/gu, '$1 ');
}

/**
 * The grouped value and where the caret goes: after as many characters (spaces left aside) as it
 * followed before, so typing or deleting in the middle does not throw it to the end.
 */
export function groupIbanAt(text: string, caret: number): { value: string; caret: number } {
  const value = groupIban(text);
  let remaining = text.slice(0, caret).replace(/\s+/g, '').length;
  let position = 0;
  while (remaining > 0 && position < value.length) {
    if (value[position] !== ' ') remaining -= 1;
    position += 1;
  }
  return { value, caret: position };
}
