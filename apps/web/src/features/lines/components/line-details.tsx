import type { LineDetail } from '@ecare/shared/lines';
import type { ReactNode } from 'react';
import { formatDate, formatPrice, SIM_KIND_LABELS } from '../utils/line-format.ts';
import { LineStatusBadge } from './line-status-badge.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** What the line is: status, plan and price, options, dates, SIM card (its user has a section of its own). */
export function LineDetails({ line }: { line: LineDetail }) {
  return (
    <section aria-labelledby="ligne-informations" className="card">
      <h2 id="ligne-informations" className="text-xl font-bold text-primary-strong">
        Informations de la ligne
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label="Statut">
          <LineStatusBadge status={line.codeStatut} />
        </Item>
        <Item label="Forfait">{line.libelleOffre}</Item>
        <Item label="Prix mensuel">
          {formatPrice(line.prixMensuelHT)} HT
          <span className="block text-sm font-normal text-muted">soit {formatPrice(line.prixMensuelTTC)} TTC</span>
        </Item>
        <Item label="Options">
          {line.options.length === 0 ? (
            <span className="font-normal">Aucune option</span>
          ) : (
            <ul className="list-inside list-disc font-normal">
              {line.options.map((option) => (
                <li key={option}>{option}</li>
              ))}
            </ul>
          )}
        </Item>
        <Item label="Date d’activation">{formatDate(line.dateActivation)}</Item>
        <Item label="Fin d’engagement">
          {line.dateFinEngagement === null ? <span className="font-normal">Sans engagement</span> : formatDate(line.dateFinEngagement)}
        </Item>
        <Item label="Carte SIM">
          {SIM_KIND_LABELS[line.typeSim]}
          <span className="block text-sm font-normal text-muted">
            {line.iccidFin === null ? 'Numéro de carte non connu' : `Numéro de carte (ICCID) se terminant par ${line.iccidFin}`}
          </span>
        </Item>
      </dl>
    </section>
  );
}
