import { PHONE_SORT_LABELS, PHONE_SORTS, type PhoneSort } from '@ecare/shared/catalogue';
import { useId } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { usePhones } from '../api/get-phones.ts';
import { usePlans } from '../api/get-plans.ts';
import { DEFAULT_PHONE_FILTERS, type PhoneFilters } from '../utils/phone-filters.ts';
import { PhoneCard } from './phone-card.tsx';

interface PriceContext {
  value: string;
  label: string;
  engagement: PhoneFilters['engagement'];
}

const WITH_24_MONTHS: PriceContext = { value: '24', label: 'Avec un forfait engagé 24 mois', engagement: 24 };

const PRICE_CONTEXTS: PriceContext[] = [
  WITH_24_MONTHS,
  { value: '12', label: 'Avec un forfait engagé 12 mois', engagement: 12 },
  { value: '0', label: 'Avec un forfait sans engagement', engagement: 0 },
  { value: 'seul', label: 'Téléphone seul', engagement: null },
];

const contextOf = (engagement: PhoneFilters['engagement']) => PRICE_CONTEXTS.find((context) => context.engagement === engagement) ?? WITH_24_MONTHS;

interface PhoneCatalogueProps {
  idClientBscs: number;
  filters: PhoneFilters;
  onChange: (filters: PhoneFilters) => void;
  /** The page of one phone. */
  phonePath: (idArticle: number) => string;
}

/** The phones of the catalogue with their filters (brand, price, 5G, eSIM) and sort, kept by the caller (the address). */
export function PhoneCatalogue({ idClientBscs, filters, onChange, phonePath }: PhoneCatalogueProps) {
  const plans = usePlans(idClientBscs);
  // Prices are those of the first plan sold with the chosen commitment (its phone price depends only on that).
  const plan = filters.engagement === null ? undefined : plans.data?.find((candidate) => candidate.engagementMois === filters.engagement);
  const idOffreEngagement = plan?.idOffreEngagement ?? 0;
  const ready = filters.engagement === null || plans.isSuccess;
  const phones = usePhones(idClientBscs, ready ? idOffreEngagement : 0, filters);
  const context = contextOf(plan || filters.engagement === null ? filters.engagement : null);
  const set = (changes: Partial<PhoneFilters>) => onChange({ ...filters, ...changes });
  const ids = { brands: useId(), sort: useId(), context: useId(), count: useId() };

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <section aria-labelledby={ids.brands} className="card flex flex-col gap-4 p-4">
        <h2 id={ids.brands} className="text-lg font-semibold">
          Filtrer les téléphones
        </h2>
        <fieldset>
          <legend className="field-label">Marque</legend>
          <div className="flex flex-col gap-1">
            {(phones.data?.marques ?? []).map((brand) => (
              <label key={brand} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={filters.marques.includes(brand)}
                  onChange={(event) =>
                    set({ marques: event.target.checked ? [...filters.marques, brand] : filters.marques.filter((other) => other !== brand) })
                  }
                />
                {brand}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">Prix HT (en euros)</legend>
          <div className="flex gap-2">
            <EuroBound label="Minimum" value={filters.prixMin} onChange={(prixMin) => set({ prixMin })} />
            <EuroBound label="Maximum" value={filters.prixMax} onChange={(prixMax) => set({ prixMax })} />
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">Réseau et carte SIM</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={filters.cinqG} onChange={(event) => set({ cinqG: event.target.checked })} />
            Compatible 5G
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={filters.esim} onChange={(event) => set({ esim: event.target.checked })} />
            Compatible eSIM
          </label>
        </fieldset>
        <button type="button" className="btn-secondary" onClick={() => onChange(DEFAULT_PHONE_FILTERS)}>
          Effacer les filtres
        </button>
      </section>

      <section aria-labelledby={ids.count} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={ids.context} className="field-label">
              Prix affichés
            </label>
            <select
              id={ids.context}
              className="field-input"
              value={context.value}
              onChange={(event) => set({ engagement: contextOf(PRICE_CONTEXTS.find((c) => c.value === event.target.value)?.engagement ?? 24).engagement })}
            >
              {PRICE_CONTEXTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.sort} className="field-label">
              Trier par
            </label>
            <select id={ids.sort} className="field-input" value={filters.tri} onChange={(event) => set({ tri: event.target.value as PhoneSort })}>
              {PHONE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {PHONE_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <h2 id={ids.count} className="text-lg font-semibold" aria-live="polite">
          {phones.data ? `${phones.data.mobiles.length} téléphone${phones.data.mobiles.length > 1 ? 's' : ''}` : 'Téléphones'}
        </h2>
        {phones.isError ? (
          <ReadFailed error={phones.error} onRetry={() => void phones.refetch()} pending={phones.isFetching} />
        ) : !phones.data ? (
          <WaitingText>Chargement des téléphones…</WaitingText>
        ) : phones.data.mobiles.length === 0 ? (
          <p>Aucun téléphone ne correspond à ces critères.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={phones.isFetching}>
            {phones.data.mobiles.map((phone) => (
              <li key={phone.idArticle}>
                <PhoneCard phone={phone} to={phonePath(phone.idArticle)} priceLabel={context.label} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One bound of the price range, in whole euros excluding VAT (empty: no bound). */
function EuroBound({ label, value, onChange }: { label: string; value: number | null; onChange: (value: number | null) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={10}
        className="field-input w-full"
        value={value ?? ''}
        onChange={(event) => onChange(/^\d{1,6}$/.test(event.target.value) ? Number(event.target.value) : null)}
      />
    </div>
  );
}
