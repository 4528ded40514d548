import type { Address } from '@ecare/shared/accounts';
import { formatAddressLines } from '../utils/format-address.ts';

export function AccountAddress({ address }: { address: Address }) {
  const [street, city] = formatAddressLines(address);
  return (
    <address className="not-italic">
      {street}
      <br />
      {city}
    </address>
  );
}
