import type { CataloguePlan, PhoneList } from '@ecare/shared/catalogue';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the flow takes from the catalogue (its phones, plans and pictures), handed over by the
 * route module that composes both features.
 */
export interface CatalogueKit {
  /** The mobile plans sold. */
  usePlans: (idClientBscs: number) => UseQueryResult<CataloguePlan[]>;
  /** The phones priced with a plan (0: alone). */
  usePhones: (idClientBscs: number, idOffreEngagement: number) => UseQueryResult<PhoneList>;
  PhoneImage: ComponentType<{ image: string; className?: string }>;
  formatAllowance: (plan: CataloguePlan) => string;
  formatCommitment: (months: number) => string;
}

export const CatalogueKitContext = createContext<CatalogueKit | null>(null);

export function useCatalogueKit(): CatalogueKit {
  const kit = useContext(CatalogueKitContext);
  if (!kit) throw new Error('CatalogueKitContext missing');
  return kit;
}
