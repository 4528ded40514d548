import { phoneName } from '@ecare/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Link, replace, useParams, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../components/ui/query-states.tsx';
import { phonePriceQueryOptions } from '../../features/catalogue/api/get-phone-price.ts';
import { phonesQueryOptions } from '../../features/catalogue/api/get-phones.ts';
import { plansQueryOptions } from '../../features/catalogue/api/get-plans.ts';
import { PhoneCatalogue } from '../../features/catalogue/components/phone-catalogue.tsx';
import { PlanCatalogue } from '../../features/catalogue/components/plan-catalogue.tsx';
import { PhoneImage } from '../../features/catalogue/components/phone-card.tsx';
import { PriceDisplay } from '../../features/catalogue/components/price-display.tsx';
import { DEFAULT_PHONE_FILTERS, phoneFiltersFrom, phoneListSearch } from '../../features/catalogue/utils/phone-filters.ts';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadAccountPage } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';

const phonePath = (idArticle: number) => `${PATHS.phoneCatalogue}/${idArticle}`;
const home = { label: 'Accueil', to: PATHS.home };

/** A manager's chosen account, and the plans its prices are computed with. */
export async function phoneCatalogueLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.phoneCatalogue);
  if (account) await queryClient.prefetchQuery(plansQueryOptions(account.idClientBscs));
  return null;
}

/** A change of filters (the address's query) reads again only the phones, not the page's loader. */
export function phoneCatalogueShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/** /mon-telephone/catalogue: the phones, filtered by brand, price, 5G and eSIM, sorted, all kept in the address. */
export function PhoneCatalogueRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = phoneFiltersFrom(searchParams);
  const { account } = useSessionState();
  return (
    <>
      <PageHeading breadcrumb={[home, { label: 'Catalogue des téléphones' }]} intro="Prix hors taxes pour les professionnels, TVA de 20 % en sus.">
        Catalogue des téléphones
      </PageHeading>
      <AccountSessionError />
      {account ? (
        <PhoneCatalogue
          key={account.idClientBscs}
          idClientBscs={account.idClientBscs}
          filters={filters}
          onChange={(next) => setSearchParams(phoneListSearch(next), { replace: true, preventScrollReset: true })}
          phonePath={phonePath}
        />
      ) : null}
    </>
  );
}

export async function phoneLoader({ request, params }: LoaderFunctionArgs) {
  const idArticle = Number(params.idArticle);
  if (!/^\d{4}$/.test(params.idArticle ?? '')) throw replace(PATHS.notFound);
  const account = await loadAccountPage(request, `${PATHS.phoneCatalogue}/${idArticle}`);
  if (account) await queryClient.prefetchQuery(phonesQueryOptions(account.idClientBscs, 0, DEFAULT_PHONE_FILTERS));
  return null;
}

/** /mon-telephone/catalogue/{idArticle}: one phone, its colours, its price alone and with a plan. */
export function PhoneRoute() {
  const idArticle = Number(useParams().idArticle);
  const { account } = useSessionState();
  const list = useQuery({ ...phonesQueryOptions(account?.idClientBscs ?? 0, 0, DEFAULT_PHONE_FILTERS), enabled: account !== null });
  const price = useQuery(phonePriceQueryOptions(idArticle));
  const phone = list.data?.mobiles.find((candidate) => candidate.idArticle === idArticle);
  const name = phone ? phoneName(phone) : 'Téléphone';
  return (
    <>
      <PageHeading breadcrumb={[home, { label: 'Catalogue des téléphones', to: PATHS.phoneCatalogue }, { label: name }]}>{name}</PageHeading>
      <AccountSessionError />
      {list.isError || price.isError ? (
        <ReadFailed error={list.error ?? price.error} onRetry={() => void Promise.all([list.refetch(), price.refetch()])} pending={list.isFetching || price.isFetching} />
      ) : !list.data || !price.data ? (
        <WaitingText>Chargement du téléphone…</WaitingText>
      ) : !phone ? (
        <p>Ce téléphone n’est plus au catalogue.</p>
      ) : (
        <article className="card grid max-w-4xl gap-6 p-4 sm:grid-cols-[auto_1fr]">
          <PhoneImage image={phone.image} />
          <div className="flex flex-col gap-4">
            <p>{phone.description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted">Stockage</dt>
              <dd>{phone.stockageGo} Go</dd>
              <dt className="text-muted">Réseau</dt>
              <dd>{phone.cinqG ? '5G' : '4G'}</dd>
              <dt className="text-muted">eSIM</dt>
              <dd>{phone.esim ? 'Compatible eSIM' : 'Carte SIM physique uniquement'}</dd>
              <dt className="text-muted">Coloris</dt>
              <dd>{phone.couleurs.join(', ')}</dd>
              <dt className="text-muted">Disponibilité</dt>
              <dd>{phone.disponible ? `En stock (${phone.stock})` : 'Rupture de stock'}</dd>
            </dl>
            <div className="grid gap-4 sm:grid-cols-2">
              <PriceDisplay amounts={phone.prixAvecForfait} label="Avec un forfait engagé 24 mois" emphasis />
              <PriceDisplay amounts={price.data.prixNu} label="Téléphone seul" emphasis />
            </div>
            <p>
              <Link to={PATHS.planCatalogue} className="link">
                Voir les forfaits
              </Link>
            </p>
          </div>
        </article>
      )}
    </>
  );
}

export async function planCatalogueLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.planCatalogue);
  if (account) await queryClient.prefetchQuery(plansQueryOptions(account.idClientBscs));
  return null;
}

/** /mon-forfait/forfaits: the mobile plans sold, by commitment. */
export function PlanCatalogueRoute() {
  const { account } = useSessionState();
  return (
    <>
      <PageHeading breadcrumb={[home, { label: 'Nos forfaits' }]} intro="Prix mensuels hors taxes pour les professionnels, TVA de 20 % en sus.">
        Nos forfaits mobiles
      </PageHeading>
      <AccountSessionError />
      {account ? <PlanCatalogue key={account.idClientBscs} idClientBscs={account.idClientBscs} /> : null}
    </>
  );
}
