import type { Cart, CartLine } from '@ecare/shared/add-line';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useDeleteCartLine } from '../api/delete-cart-line.ts';
import { useSetCartQuantity } from '../api/set-cart-quantity.ts';
import { addLinePath } from '../utils/add-line-steps.ts';
import { CartLineDetails, lineTitle } from './cart-line-details.tsx';
import { CartTotals } from './cart-totals.tsx';
import { LineNumberForm } from './line-number-form.tsx';
import { QuantityField, quantityText } from './quantity-field.tsx';

const quantitySchema = z.object({ quantite: quantityText });
type QuantityValues = z.input<typeof quantitySchema>;
const QUANTITY_FIELDS: ApiErrorFields<QuantityValues> = { ADD_LINE_PHONE_OUT_OF_STOCK: 'quantite', ADD_LINE_PORTABILITY_SINGLE: 'quantite' };

interface CartLinesStepProps {
  idClientBscs: number;
  cart: Cart;
  onNext: () => void;
}

/** RecapitulatifDesLignes: each line of the cart with its quantity, its number and its removal; the totals. */
export function CartLinesStep({ idClientBscs, cart, onNext }: CartLinesStepProps) {
  return (
    <div className="space-y-6">
      {cart.Lignes.length === 0 ? (
        <p>Votre panier est vide.</p>
      ) : (
        <ol className="space-y-6">
          {cart.Lignes.map((line, index) => (
            <li key={line.IdLigne}>
              <CartLineCard idClientBscs={idClientBscs} cart={cart} line={line} position={index + 1} />
            </li>
          ))}
        </ol>
      )}
      <CartTotals totals={cart.Montants.totaux} nombreLignes={cart.Totaux.nombreLignes} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={cart.Lignes.length === 0} onClick={onNext}>
          Continuer vers les coordonnées
        </button>
        <Link to={addLinePath('options')} className="btn-secondary">
          Ajouter une autre ligne
        </Link>
      </div>
    </div>
  );
}

function CartLineCard({ idClientBscs, cart, line, position }: { idClientBscs: number; cart: Cart; line: CartLine; position: number }) {
  const headingId = useId();
  const quantity = useSetCartQuantity(idClientBscs);
  const deleteLine = useDeleteCartLine(idClientBscs);
  const confirmation = useConfirmation();
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(quantitySchema, { defaultValues: { quantite: String(line.Quantite) } });
  const title = `Ligne ${position} : ${lineTitle(line)}`;

  return (
    <article aria-labelledby={headingId} className="card space-y-4" data-testid="cart-line">
      <h2 id={headingId} className="text-xl font-bold text-primary-strong">
        {title}
      </h2>
      <CartLineDetails line={line} money={cart.Montants.lignes[position - 1]} />
      <div className="flex flex-wrap items-end gap-3">
        {line.ModeNumero === 'NOUVEAU' ? (
          <Form
            form={form}
            errorFields={QUANTITY_FIELDS}
            className="flex flex-wrap items-end gap-3"
            onSubmit={async (values) => {
              const saved = await quantity.mutateAsync({ idLigne: line.IdLigne, quantite: Number(values.quantite) });
              const updated = saved.Lignes.find((candidate) => candidate.IdLigne === line.IdLigne);
              if (updated) form.reset({ quantite: String(updated.Quantite) });
            }}
          >
            <QuantityField<QuantityValues>
              name="quantite"
              label={
                <>
                  Nombre de lignes<span className="sr-only"> de la ligne {position}</span>
                </>
              }
              inputClassName="max-w-24"
            />
            <SubmitButton className="btn-secondary">
              Mettre à jour<span className="sr-only"> le nombre de lignes de la ligne {position}</span>
            </SubmitButton>
            <FormAlert className="w-full" />
          </Form>
        ) : (
          <p className="text-sm text-muted">Une seule ligne : son numéro est porté ou conservé.</p>
        )}
        <Link to={addLinePath('options', line.IdLigne)} className="btn-secondary">
          Modifier<span className="sr-only"> la ligne {position}</span>
        </Link>
        <button
          type="button"
          className="btn-secondary"
          onClick={async () => {
            setError(null);
            if (!(await confirmation.ask())) return;
            try {
              await deleteLine.mutateAsync(line.IdLigne);
            } catch (caught) {
              setError(caught);
            } finally {
              confirmation.close();
            }
          }}
        >
          Supprimer<span className="sr-only"> la ligne {position}</span>
        </button>
      </div>
      {error ? <ApiErrorAlert error={error} /> : null}
      <section className="border-t border-line-soft pt-4">
        <LineNumberForm key={`${line.IdLigne}-${line.Quantite}`} idClientBscs={idClientBscs} cart={cart} line={line} />
      </section>
      <ConfirmDialog confirmation={confirmation} title="Supprimer la ligne du panier" confirmLabel="Oui, supprimer la ligne" isPending={deleteLine.isPending}>
        <p>
          La ligne {position} ({lineTitle(line)}
          {line.Quantite > 1 ? `, ${line.Quantite} lignes identiques` : ''}) sera retirée du panier avec ses options, accessoires et promotions.
        </p>
        <p>Souhaitez-vous la supprimer&nbsp;?</p>
      </ConfirmDialog>
    </article>
  );
}
