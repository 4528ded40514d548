import type { Cart, SubmittedOrder } from '@ecare/shared/add-line';
import type { Address } from '@ecare/shared/accounts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { StepList } from '../../../components/ui/step-list.tsx';
import { useCart } from '../api/get-cart.ts';
import { rememberedOrder, rememberOrder } from '../utils/add-line-draft.ts';
import { ADD_LINE_STEP_LABELS, addLinePath, stepIndex, type AddLineStep } from '../utils/add-line-steps.ts';
import { CartLinesStep } from './cart-lines-step.tsx';
import { CoordinatesStep } from './coordinates-step.tsx';
import { LineChoiceForm } from './line-choice-step.tsx';
import { LineExtras } from './line-extras.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';
import { OrderRecapStep, type CentreChoice } from './order-recap-step.tsx';

interface AddLineFlowProps {
  idClientBscs: number;
  /** The cost centres the order's recap offers (decision 051). */
  centres?: CentreChoice | undefined;
  accountAddress: Address & { raisonSociale: string };
  step: AddLineStep;
  /** The cart line shown in the first step (`?ligne=`), or null to add one. */
  idLigne: number | null;
  onStep: (step: AddLineStep, idLigne?: number) => void;
}

/** The step shown: a step whose answers before it are missing opens the first one missing. */
function shownStep(step: AddLineStep, cart: Cart, order: SubmittedOrder | null): AddLineStep {
  if (step === 'confirmation') return order ? 'confirmation' : 'options';
  if (step !== 'options' && cart.Lignes.length === 0) return 'options';
  if (step === 'recapitulatif' && cart.Coordonnees.LIVRAISON === null) return 'coordonnees';
  return step;
}

/**
 * Adding lines (decision 038): the order-flow steps of spec §3, the current one in the address.
 * The cart and its Coordonnées live on the server (a reload or another device finds them); the
 * order sent is kept in this tab for its confirmation, also after the payment provider's page.
 */
export function AddLineFlow({ idClientBscs, accountAddress, step, idLigne, onStep, centres }: AddLineFlowProps) {
  const cart = useCart(idClientBscs);
  const [order, setOrder] = useState<SubmittedOrder | null>(() => (step === 'confirmation' ? rememberedOrder() : null));
  const heading = useRef<HTMLDivElement>(null);
  const shown = cart.data ? shownStep(step, cart.data, order) : null;
  const remember = (sent: SubmittedOrder) => {
    rememberOrder(sent);
    setOrder(sent);
  };

  // Each step starts at its top, its heading read first.
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown, idLigne]);

  if (step === 'confirmation' && order) {
    return (
      <>
        <StepList label="Étapes de l’ajout de lignes" steps={ADD_LINE_STEP_LABELS} current={stepIndex('confirmation')} />
        <div ref={heading} tabIndex={-1} className="mb-4 outline-none">
          <h2 className="text-2xl font-bold text-primary-strong">{ADD_LINE_STEP_LABELS[stepIndex('confirmation')]}</h2>
        </div>
        <OrderConfirmation order={order} onChanged={remember} />
      </>
    );
  }
  if (cart.isError) return <ReadFailed error={cart.error} onRetry={() => void cart.refetch()} pending={cart.isFetching} />;
  if (!cart.data || !shown) return <WaitingText>Chargement de votre panier…</WaitingText>;

  const current = cart.data;
  const editing = idLigne === null ? null : (current.Lignes.find((line) => line.IdLigne === idLigne) ?? null);
  const index = stepIndex(shown);

  return (
    <>
      <StepList label="Étapes de l’ajout de lignes" steps={ADD_LINE_STEP_LABELS} current={index} />
      <div ref={heading} tabIndex={-1} className="mb-4 outline-none">
        <h2 className="text-2xl font-bold text-primary-strong">{ADD_LINE_STEP_LABELS[index]}</h2>
        {shown === 'options' ? (
          <p className="mt-1 text-muted">
            {editing
              ? `Vous modifiez la ligne ${current.Lignes.indexOf(editing) + 1} du panier.`
              : current.Lignes.length > 0
                ? `Votre panier compte ${current.Lignes.length} ligne${current.Lignes.length > 1 ? 's' : ''} : ajoutez-en une autre ou continuez.`
                : 'Choisissez le forfait et l’équipement de la nouvelle ligne.'}
          </p>
        ) : null}
      </div>

      {shown === 'options' ? (
        <div className="space-y-8">
          <LineChoiceForm idClientBscs={idClientBscs} line={editing} cart={current} onSaved={(saved) => onStep('options', saved)} />
          {editing ? <LineExtras idClientBscs={idClientBscs} line={editing} /> : null}
          {current.Lignes.length > 0 ? (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-primary" onClick={() => onStep('lignes')}>
                Continuer vers le récapitulatif des lignes
              </button>
              {editing ? (
                <Link to={addLinePath('options')} className="btn-secondary">
                  Ajouter une autre ligne
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {shown === 'lignes' ? <CartLinesStep idClientBscs={idClientBscs} cart={current} onNext={() => onStep('coordonnees')} /> : null}

      {shown === 'coordonnees' && current.IdSouscription !== null ? (
        <>
          <CoordinatesStep
            idClientBscs={idClientBscs}
            cart={{ ...current, IdSouscription: current.IdSouscription }}
            accountAddress={accountAddress}
            onNext={() => onStep('recapitulatif')}
          />
          <p className="mt-6">
            <Link to={addLinePath('lignes')} className="link">
              Retour au récapitulatif des lignes
            </Link>
          </p>
        </>
      ) : null}

      {shown === 'recapitulatif' && current.IdSouscription !== null ? (
        <>
          <OrderRecapStep
            idClientBscs={idClientBscs}
            cart={{ ...current, IdSouscription: current.IdSouscription }}
            accountAddress={accountAddress}
            centres={centres}
            onSubmitted={(sent) => {
              remember(sent);
              onStep('confirmation');
            }}
          />
          <p className="mt-6">
            <Link to={addLinePath('coordonnees')} className="link">
              Retour aux coordonnées
            </Link>
          </p>
        </>
      ) : null}
    </>
  );
}
