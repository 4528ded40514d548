import { formatPhone } from '@ecare/shared/phone';

/**
 * The line the header names: the chosen line (a simple line user's own, or the one chosen with
 * the billing account), formatted. Null when none is chosen or its number is unknown, so that
 * the header shows no line rather than a placeholder (a manager of several lines has none).
 */
export function customerLineNumber(line: { numeroLigne: string } | null | undefined): string | null {
  if (!line || line.numeroLigne.trim() === '') return null;
  return formatPhone(line.numeroLigne);
}
