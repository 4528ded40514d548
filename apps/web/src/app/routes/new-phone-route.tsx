import { formatPhone } from '@ecare/shared/phone';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { PhoneImage } from '../../features/catalogue/components/phone-card.tsx';
import { PriceDisplay } from '../../features/catalogue/components/price-display.tsx';
import { lineQueryOptions, useLine } from '../../features/lines/api/get-line.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { eligibilityQueryOptions } from '../../features/new-phone/api/get-eligibility.ts';
import { phonesQueryOptions } from '../../features/new-phone/api/get-phones-for-line.ts';
import { NewPhoneFlow } from '../../features/new-phone/components/new-phone-flow.tsx';
import { NewPhoneCatalogueContext, type NewPhoneCatalogueKit } from '../../features/new-phone/utils/catalogue-kit.ts';
import { newPhonePath } from '../../features/new-phone/utils/new-phone-format.ts';
import { UnpaidDialog } from '../../features/unpaid/components/unpaid-dialog.tsx';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { LineJourneyChoice, type LineJourney } from './line-journey-choice.tsx';
import { lineJourneyContract, lineJourneyMenuLoader } from './line-journey-loaders.ts';
import { useSessionState } from '../session/use-session-state.ts';

/** The catalogue's picture and price display, as the new-phone page takes them. */
const CATALOGUE_KIT: NewPhoneCatalogueKit = { PhoneImage, PriceDisplay };

/** /mon-telephone/nouveau-telephone/{idContrat}: a line's new phone (decision 039). The server decides. */
export async function newPhoneLoader(args: LoaderFunctionArgs) {
  const idContrat = await lineJourneyContract(args);
  await Promise.all([queryClient.prefetchQuery(lineQueryOptions(idContrat)), queryClient.prefetchQuery(eligibilityQueryOptions(idContrat))]);
  // The phones of an eligible line are asked for at once, without holding the page back for them.
  if (queryClient.getQueryData(eligibilityQueryOptions(idContrat).queryKey)?.eligible) void queryClient.prefetchQuery(phonesQueryOptions(idContrat));
  return null;
}

const NEW_PHONE_JOURNEY: LineJourney = {
  name: 'Nouveau téléphone',
  intro: 'Pour quelle ligne\u00a0? Seules les lignes actives peuvent commander un nouveau téléphone.',
  pathOf: newPhonePath,
  activeOnly: true,
};

/**
 * /mon-telephone/nouveau-telephone, the menu's "Nouveau téléphone" (after its unpaid-balance
 * check): the line's page for a single line, else the choice of the line (decision 039).
 */
export const newPhoneMenuLoader = lineJourneyMenuLoader(PATHS.newPhone, newPhonePath, NEW_PHONE_JOURNEY.activeOnly);
export const NewPhoneChoiceRoute = () => <LineJourneyChoice journey={NEW_PHONE_JOURNEY} />;

export function NewPhoneRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const line = useLine(idContrat);
  const { account } = useSessionState();
  const number = line.data ? formatPhone(line.data.numeroLigne) : null;
  if (idContrat === null) return null;
  const breadcrumb: BreadcrumbItem[] = [
    { label: 'Accueil', to: PATHS.home },
    { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
    { label: number ?? 'Ligne mobile', to: linePath(idContrat) },
    { label: 'Nouveau téléphone' },
  ];
  const address = account ? `${account.raisonSociale}, ${[account.adresse.numero, account.adresse.voie].filter(Boolean).join(' ')}, ${account.adresse.codePostal} ${account.adresse.ville}` : '';
  return (
    <>
      <PageHeading breadcrumb={breadcrumb} intro="Prix hors taxes pour les professionnels, TVA de 20 % en sus.">
        {number ? `Nouveau téléphone pour la ligne ${number}` : 'Nouveau téléphone'}
      </PageHeading>
      {line.error ? (
        <ApiErrorAlert error={line.error} />
      ) : (
        <NewPhoneCatalogueContext.Provider value={CATALOGUE_KIT}>
          <NewPhoneFlow
            idContrat={idContrat}
            linePath={linePath(idContrat)}
            accountAddress={address}
            renderUnpaidDialog={(message, onClose) => <UnpaidDialog notice={{ kind: 'arret', message }} onClose={onClose} />}
          />
        </NewPhoneCatalogueContext.Provider>
      )}
    </>
  );
}
