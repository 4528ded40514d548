import type { TerminationFeesAnswer } from '@ecare/shared/termination';
import { formatCents } from '../utils/termination-format.ts';

type Fees = Pick<TerminationFeesAnswer, 'lignes' | 'calcul' | 'totalHtCentimes' | 'totalTvaCentimes' | 'totalTtcCentimes' | 'tauxTva'>;

/** The fees, itemised as the server computed them, with their arithmetic, VAT and total. */
export function FeesTable({ fees, caption }: { fees: Fees; caption: string }) {
  return (
    <>
      <table className="w-full max-w-2xl text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4">
              Détail
            </th>
            <th scope="col" className="py-2 text-right">
              Montant HT
            </th>
          </tr>
        </thead>
        <tbody>
          {fees.lignes.length === 0 ? (
            <tr className="border-b border-line-soft">
              <td className="py-2 pr-4">Aucune mensualité d’engagement ne reste due à cette date.</td>
              <td className="py-2 text-right">{formatCents(0)}</td>
            </tr>
          ) : (
            fees.lignes.map((line) => (
              <tr key={line.type} className="border-b border-line-soft">
                <td className="py-2 pr-4">{line.libelle}</td>
                <td className="whitespace-nowrap py-2 text-right">{formatCents(line.montantHtCentimes)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-1 pr-4 font-normal">
              Total HT
            </th>
            <td className="whitespace-nowrap py-1 text-right">{formatCents(fees.totalHtCentimes)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-1 pr-4 font-normal">
              TVA ({fees.tauxTva}&nbsp;%)
            </th>
            <td className="whitespace-nowrap py-1 text-right">{formatCents(fees.totalTvaCentimes)}</td>
          </tr>
          <tr className="font-bold">
            <th scope="row" className="py-1 pr-4">
              Total TTC
            </th>
            <td className="whitespace-nowrap py-1 text-right">{formatCents(fees.totalTtcCentimes)}</td>
          </tr>
        </tfoot>
      </table>
      {fees.calcul ? <p className="max-w-2xl text-sm">Calcul des mensualités dues&nbsp;: {fees.calcul}</p> : null}
    </>
  );
}
