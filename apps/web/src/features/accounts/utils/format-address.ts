import type { Address } from '@ecare/shared/accounts';

export function formatAddressLines(address: Address): [string, string] {
  const street = [address.numero, address.voie].map((part) => part.trim()).filter(Boolean).join(' ');
  const city = [address.codePostal, address.ville].map((part) => part.trim()).filter(Boolean).join(' ');
  return [street, city];
}
