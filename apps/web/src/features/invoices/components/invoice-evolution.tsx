import type { InvoiceEvolution } from '@ecare/shared/invoices';
import { formatPhone } from '@ecare/shared/phone';
import { ChevronDown, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useLocation } from 'react-router';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useInvoiceEvolution } from '../api/get-invoice-evolution.ts';
import { formatDay, formatDifference, formatEuros } from '../utils/invoice-format.ts';
import { centreTitle } from '../utils/invoice-centres.ts';

type EvolutionLine = InvoiceEvolution['lignes'][number];

/** Which cost centres went up or down, the largest differences first (shown once some line had a centre). */
function CentreChanges({ centres }: { centres: InvoiceEvolution['centres'] }) {
  if (!centres.some((centre) => centre.idCentre !== null)) return null;
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Par centre de coût</h3>
      <ul className="space-y-2">
        {centres.map((centre) => {
          const Trend = centre.ecartHT >= 0 ? TrendingUp : TrendingDown;
          return (
            <li key={centre.idCentre ?? 'aucun'} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-line-soft pb-2 last:border-b-0">
              <span className="flex items-start gap-2">
                <Trend aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>
                  <span className="font-semibold">{centreTitle(centre)}</span>
                  <span className="block text-sm text-muted">
                    {centre.ecartHT >= 0 ? 'En hausse' : 'En baisse'}&nbsp;: {formatEuros(centre.avantHT)} HT sur la facture précédente, {formatEuros(centre.apresHT)} HT sur celle-ci.
                  </span>
                </span>
              </span>
              <span className="whitespace-nowrap font-semibold">{formatDifference(centre.ecartHT)} HT</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const lineTitle = (line: EvolutionLine) => {
  if (line.numeroLigne === null) return 'Frais du compte';
  const number = formatPhone(line.numeroLigne);
  return line.utilisateur ? `Ligne ${number} – ${line.utilisateur}` : `Ligne ${number}`;
};

/** The comparison itself: the totals, then each line whose amount moved and why. */
export function EvolutionDetails({ evolution }: { evolution: InvoiceEvolution }) {
  if (!evolution.precedente) {
    return <p>C’est la première facture de ce compte de facturation&nbsp;: il n’y a pas de facture précédente à comparer.</p>;
  }
  const Trend = evolution.ecartTTC >= 0 ? TrendingUp : TrendingDown;
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2">
        <Trend aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          {formatEuros(evolution.montantTTC)} TTC contre {formatEuros(evolution.precedente.montantTTC)} TTC pour la facture{' '}
          {evolution.precedente.referenceNumber} du {formatDay(evolution.precedente.dateFacture)}, soit{' '}
          <strong>{formatDifference(evolution.ecartTTC)} TTC</strong> ({formatDifference(evolution.ecartHT)} HT).
        </span>
      </p>
      <CentreChanges centres={evolution.centres} />
      {evolution.lignes.length === 0 ? (
        <p>Aucune ligne n’a changé d’une facture à l’autre.</p>
      ) : (
        <ul className="space-y-3">
          {evolution.lignes.map((line) => (
            <li key={line.idContrat ?? 'compte'} className="rounded-lg border border-line-soft p-4">
              <h3 className="flex flex-wrap justify-between gap-2 font-semibold">
                <span>{lineTitle(line)}</span>
                <span className="whitespace-nowrap">{formatDifference(line.ecartHT)} HT</span>
              </h3>
              <p className="text-sm text-muted">
                {formatEuros(line.avantHT)} HT sur la facture précédente, {formatEuros(line.apresHT)} HT sur celle-ci.
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {line.changements.map((change, index) => (
                  <li key={`${change.type}-${index}`}>{change.libelle}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted">Écarts hors taxes, ligne par ligne, les plus importants d’abord.</p>
    </div>
  );
}

function EvolutionPanel({ idClientBscs, referenceNumber }: { idClientBscs: number; referenceNumber: string }) {
  const evolution = useInvoiceEvolution(idClientBscs, referenceNumber, true);
  if (evolution.isPending) return <WaitingText>Comparaison avec la facture précédente…</WaitingText>;
  if (evolution.isError) return <ReadFailed error={evolution.error} onRetry={() => void evolution.refetch()} pending={evolution.isFetching} />;
  return <EvolutionDetails evolution={evolution.data} />;
}

/** The fragment of an invoice's page that opens its comparison with the previous one. */
export const EVOLUTION_ANCHOR = 'pourquoi';

/**
 * "Pourquoi ma facture a changé ?": a disclosure (WAI-ARIA pattern, React Aria) that asks the
 * server for the comparison the first time it opens.
 */
export function InvoiceEvolutionSection({ idClientBscs, referenceNumber }: { idClientBscs: number; referenceNumber: string }) {
  // Reached by its link (`#pourquoi`, from the home page's last invoice), it opens by itself.
  const asked = useLocation().hash === `#${EVOLUTION_ANCHOR}`;
  const [opened, setOpened] = useState(asked);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) anchor.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  return (
    <div id={EVOLUTION_ANCHOR} ref={anchor} className="scroll-mt-4">
      <Disclosure className="card" defaultExpanded={asked} onExpandedChange={(expanded) => expanded && setOpened(true)}>
        {({ isExpanded }) => (
          <>
            <Heading level={2} className="text-xl font-bold text-primary-strong">
              <Button slot="trigger" className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md text-left">
                Pourquoi ma facture a changé&nbsp;?
                <ChevronDown aria-hidden="true" className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${isExpanded ? 'rotate-180' : ''}`} />
              </Button>
            </Heading>
            <DisclosurePanel className="pt-4">{opened ? <EvolutionPanel idClientBscs={idClientBscs} referenceNumber={referenceNumber} /> : null}</DisclosurePanel>
          </>
        )}
      </Disclosure>
    </div>
  );
}
