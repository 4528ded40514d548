import { PHONE_SORTS, type PhoneSort } from '@ecare/shared/catalogue';

/** The phone catalogue's filters and sort, as kept in the page's address. */
export interface PhoneFilters {
  marques: string[];
  prixMin: number | null;
  prixMax: number | null;
  cinqG: boolean;
  esim: boolean;
  tri: PhoneSort;
  /** Commitment of the plan prices are shown with: 24, 12, 0 (no commitment) or null (phone alone). */
  engagement: 24 | 12 | 0 | null;
}

export const DEFAULT_PHONE_FILTERS: PhoneFilters = { marques: [], prixMin: null, prixMax: null, cinqG: false, esim: false, tri: 'prix-croissant', engagement: 24 };

const euros = (value: string | null): number | null => {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  return Number(value);
};

/** Reads the filters from the address; anything malformed is left at its default. */
export function phoneFiltersFrom(search: URLSearchParams): PhoneFilters {
  const tri = search.get('tri');
  const engagement = search.get('engagement');
  return {
    marques: search.getAll('marque').filter((brand) => /^[\p{L}\p{N} .-]{1,40}$/u.test(brand)).slice(0, 20),
    prixMin: euros(search.get('prixMin')),
    prixMax: euros(search.get('prixMax')),
    cinqG: search.get('cinqG') === 'true',
    esim: search.get('esim') === 'true',
    tri: PHONE_SORTS.includes(tri as PhoneSort) ? (tri as PhoneSort) : DEFAULT_PHONE_FILTERS.tri,
    engagement: engagement === 'seul' ? null : engagement === '0' ? 0 : engagement === '12' ? 12 : 24,
  };
}

/** The address (or, `forApi`, the API query) of these filters; defaults are left out. */
export function phoneListSearch(filters: PhoneFilters, { forApi = false } = {}): URLSearchParams {
  const search = new URLSearchParams();
  if (forApi) {
    if (filters.marques.length > 0) search.set('marque', filters.marques.join(','));
  } else {
    for (const brand of filters.marques) search.append('marque', brand);
  }
  if (filters.prixMin !== null) search.set('prixMin', String(filters.prixMin));
  if (filters.prixMax !== null) search.set('prixMax', String(filters.prixMax));
  if (filters.cinqG) search.set('cinqG', 'true');
  if (filters.esim) search.set('esim', 'true');
  if (forApi || filters.tri !== DEFAULT_PHONE_FILTERS.tri) search.set('tri', filters.tri);
  if (!forApi && filters.engagement !== DEFAULT_PHONE_FILTERS.engagement) search.set('engagement', filters.engagement === null ? 'seul' : String(filters.engagement));
  return search;
}

/** Web address of a catalogue picture the API names (`/catalogue/…`), under the app's base. */
export const catalogueImageSrc = (image: string): string => `${import.meta.env.BASE_URL.replace(/\/$/, '')}${image}`;

/** `12,5 Go`, `Illimité`: a plan's allowance. */
export function formatAllowance(plan: { dataMo: number | null; dataIllimitee: boolean }): string {
  if (plan.dataIllimitee) return 'Internet illimité';
  if (plan.dataMo === null) return 'Sans internet mobile';
  if (plan.dataMo < 1024) return `${plan.dataMo} Mo`;
  return `${(plan.dataMo / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Go`;
}

export const formatCommitment = (months: number): string => (months === 0 ? 'Sans engagement' : `Engagement ${months} mois`);
