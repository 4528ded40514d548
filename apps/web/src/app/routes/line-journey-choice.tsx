import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { LinePicker } from '../../features/lines/components/line-picker.tsx';
import { linePageSearch } from '../../features/lines/utils/line-page-params.ts';
import { PATHS } from '../../lib/routes.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';
import { useSessionState } from '../session/use-session-state.ts';
import { journeyLineParams } from './line-journey-loaders.ts';

/** A journey of one line, as its menu entry names it and leads into it. */
export interface LineJourney {
  /** The menu entry's name, the page's heading. */
  name: string;
  intro: string;
  pathOf: (idContrat: number) => string;
  /** Only active lines may take it (a new phone, a plan change). */
  activeOnly: boolean;
}

/**
 * The menu entry of a line journey for an account of several lines: which line? Found by the
 * fleet list's search, then on into the journey for it; the search and page stay in the address,
 * so the back button returns to the same list.
 */
export function LineJourneyChoice({ journey }: { journey: LineJourney }) {
  const { account } = useSessionState();
  const [search, setSearch] = useSearchParams();
  const params = journeyLineParams(search, journey.activeOnly);
  return (
    <>
      <PageHeading breadcrumb={[{ label: 'Accueil', to: PATHS.home }, { label: journey.name }]} intro={journey.intro}>
        {journey.name}
      </PageHeading>
      <AccountSessionError />
      {account ? (
        <LinePicker
          key={account.idClientBscs}
          idClientBscs={account.idClientBscs}
          params={params}
          // Only the search and the page go into the address: the journey sets the rest.
          onChange={(next) => setSearch(linePageSearch({ ...next, statut: null }))}
          pathOf={journey.pathOf}
          lineWord={journey.activeOnly ? 'ligne active' : 'ligne'}
        />
      ) : null}
    </>
  );
}
