import type { PriceAmounts } from '@ecare/shared/catalogue';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the new-phone page takes from the catalogue (its pictures and price display), handed over
 * by the route module that composes both features.
 */
export interface NewPhoneCatalogueKit {
  PhoneImage: ComponentType<{ image: string; className?: string }>;
  PriceDisplay: ComponentType<{ amounts: PriceAmounts; label?: string; emphasis?: boolean }>;
}

export const NewPhoneCatalogueContext = createContext<NewPhoneCatalogueKit | null>(null);

export function useNewPhoneCatalogue(): NewPhoneCatalogueKit {
  const kit = useContext(NewPhoneCatalogueContext);
  if (!kit) throw new Error('NewPhoneCatalogueContext missing');
  return kit;
}
