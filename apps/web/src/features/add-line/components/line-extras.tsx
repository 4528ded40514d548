import { promotionRequestSchema, type CartLine } from '@ecare/shared/add-line';
import { useId, useState } from 'react';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAddCartAccessory } from '../api/add-cart-accessory.ts';
import { useAddCartPromotion } from '../api/add-cart-promotion.ts';
import { useAccessories } from '../api/get-accessories.ts';
import { useInsurances } from '../api/get-insurances.ts';
import { useRemoveCartPromotion } from '../api/remove-cart-promotion.ts';
import { useSaveCartInsurance } from '../api/save-cart-insurance.ts';
import { formatCents } from '../utils/add-line-format.ts';

const promoSchema = z.object({ CodePromo: promotionRequestSchema.shape.CodePromo });
type PromoValues = z.input<typeof promoSchema>;
const PROMO_FIELDS: ApiErrorFields<PromoValues> = {
  CATALOGUE_PROMO_CODE_UNKNOWN: 'CodePromo',
  CATALOGUE_PROMO_CODE_EXPIRED: 'CodePromo',
  CATALOGUE_PROMO_CODE_NOT_STARTED: 'CodePromo',
  CATALOGUE_PROMO_CODE_NOT_APPLICABLE: 'CodePromo',
  ADD_LINE_PROMO_ALREADY: 'CodePromo',
};

interface LineExtrasProps {
  idClientBscs: number;
  line: CartLine;
}

/** What is added to one line once it is in the cart: the phone's insurance, accessories and a promo code. */
export function LineExtras({ idClientBscs, line }: LineExtrasProps) {
  return (
    <div className="space-y-6">
      {line.IdArticleMobile !== null ? <Insurance idClientBscs={idClientBscs} line={line} idArticle={line.IdArticleMobile} /> : null}
      <Accessories idClientBscs={idClientBscs} line={line} />
      <PromoCode idClientBscs={idClientBscs} line={line} />
    </div>
  );
}

/** The insurances that cover the line's phone (its price alone within their ceiling): price, deductible, what they cover. */
function Insurance({ idClientBscs, line, idArticle }: LineExtrasProps & { idArticle: number }) {
  const headingId = useId();
  const insurances = useInsurances(idArticle);
  const insurance = useSaveCartInsurance(idClientBscs);
  const [error, setError] = useState<unknown>(null);
  const choose = (IdAssurance: number | null) => {
    setError(null);
    insurance.mutate({ IdLigne: line.IdLigne, IdAssurance }, { onError: setError });
  };
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Assurance du téléphone
      </h3>
      {line.IdAssurance !== null ? (
        <p>
          Assurance choisie : <span className="font-medium">{line.LibelleAssurance}</span>, {formatCents(line.PrixAssuranceCentimes)} HT par mois.
        </p>
      ) : (
        <p className="text-muted">Facultative, elle s’ajoute au prix mensuel de la ligne.</p>
      )}
      {insurances.isError ? (
        <ReadFailed error={insurances.error} onRetry={() => void insurances.refetch()} pending={insurances.isFetching} />
      ) : !insurances.data ? (
        <WaitingText>Chargement des assurances…</WaitingText>
      ) : insurances.data.length === 0 ? (
        <p>Aucune assurance ne couvre ce téléphone.</p>
      ) : (
        <ul className="divide-y divide-line-soft" aria-busy={insurance.isPending}>
          {insurances.data.map((item) => {
            const chosen = line.IdAssurance === item.idAssurance;
            return (
              <li key={item.idAssurance} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{item.libelle}</span>
                  <span className="block text-sm">{item.description}</span>
                  <span className="block text-sm text-muted">
                    {formatCents(item.prixMensuel.htCentimes)} HT par mois ({formatCents(item.prixMensuel.ttcCentimes)} TTC) – franchise{' '}
                    {formatCents(item.franchise.ttcCentimes)} TTC par sinistre
                  </span>
                </span>
                {chosen ? (
                  <button type="button" className="btn-secondary" disabled={insurance.isPending} onClick={() => choose(null)}>
                    Retirer<span className="sr-only"> {item.libelle}</span>
                  </button>
                ) : (
                  <button type="button" className="btn-secondary" disabled={insurance.isPending} onClick={() => choose(item.idAssurance)}>
                    Choisir<span className="sr-only"> {item.libelle}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {insurance.isPending ? <Spinner small /> : null}
      {error ? <ApiErrorAlert error={error} /> : null}
    </section>
  );
}

function Accessories({ idClientBscs, line }: LineExtrasProps) {
  const headingId = useId();
  const accessories = useAccessories(line.IdArticleMobile);
  // A SIM only line takes the accessories made for any phone.
  const offered = accessories.data?.filter((item) => line.IdArticleMobile !== null || item.compatibles.length === 0);
  const accessory = useAddCartAccessory(idClientBscs);
  const [error, setError] = useState<unknown>(null);
  const change = (IdArticle: number, Quantite: number) => {
    setError(null);
    accessory.mutate({ IdLigne: line.IdLigne, IdArticle, Quantite }, { onError: setError });
  };
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Accessoires
      </h3>
      {accessories.isError ? (
        <ReadFailed error={accessories.error} onRetry={() => void accessories.refetch()} pending={accessories.isFetching} />
      ) : !offered ? (
        <WaitingText>Chargement des accessoires…</WaitingText>
      ) : offered.length === 0 ? (
        <p>Aucun accessoire ne convient à cette ligne.</p>
      ) : (
        <ul className="divide-y divide-line-soft" aria-busy={accessory.isPending}>
          {offered.map((item) => {
            const inLine = line.Accessoires.find((chosen) => chosen.IdArticle === item.idArticle);
            return (
              <li key={item.idArticle} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{item.libelle}</span>
                  <span className="block text-sm text-muted">
                    {formatCents(item.prix.htCentimes)} HT ({formatCents(item.prix.ttcCentimes)} TTC){inLine ? ` – ${inLine.Quantite} dans la ligne` : ''}
                    {item.disponible ? '' : ' – rupture de stock'}
                  </span>
                </span>
                {inLine ? (
                  <button type="button" className="btn-secondary" disabled={accessory.isPending} onClick={() => change(item.idArticle, 0)}>
                    Retirer<span className="sr-only"> {item.libelle}</span>
                  </button>
                ) : (
                  <button type="button" className="btn-secondary" disabled={accessory.isPending || !item.disponible} onClick={() => change(item.idArticle, 1)}>
                    Ajouter<span className="sr-only"> {item.libelle}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {accessory.isPending ? <Spinner small /> : null}
      {error ? <ApiErrorAlert error={error} /> : null}
    </section>
  );
}

function PromoCode({ idClientBscs, line }: LineExtrasProps) {
  const headingId = useId();
  const promotion = useAddCartPromotion(idClientBscs);
  const removePromotion = useRemoveCartPromotion(idClientBscs);
  const form = useZodForm(promoSchema, { defaultValues: { CodePromo: '' } });
  const [error, setError] = useState<unknown>(null);
  const coded = line.Promotions.filter((applied) => applied.CodePromo !== null);
  return (
    <section aria-labelledby={headingId} className="card space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Code promotionnel
      </h3>
      {line.Promotions.length > 0 ? (
        <ul className="space-y-2">
          {line.Promotions.map((applied) => (
            <li key={applied.IdPromotion} className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {applied.Libelle} : −{formatCents(applied.RemisePromotionCentimes)} HT{applied.DureeMois ? ` pendant ${applied.DureeMois} mois` : ''}
              </span>
              {applied.CodePromo !== null ? (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={removePromotion.isPending}
                  onClick={() => {
                    setError(null);
                    removePromotion.mutate({ IdLigne: line.IdLigne, IdPromotion: applied.IdPromotion }, { onError: setError });
                  }}
                >
                  Retirer<span className="sr-only"> la promotion {applied.Libelle}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <ApiErrorAlert error={error} /> : null}
      <Form
        form={form}
        errorFields={PROMO_FIELDS}
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (values) => {
          await promotion.mutateAsync({ IdLigne: line.IdLigne, CodePromo: values.CodePromo });
          form.reset({ CodePromo: '' });
        }}
      >
        <TextField<PromoValues>
          name="CodePromo"
          label="Code promotionnel"
          help={coded.length > 0 ? 'Un code par genre de prix réduit (forfait, téléphone, accessoires).' : undefined}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <SubmitButton className="btn-secondary">Appliquer le code</SubmitButton>
        <FormAlert className="w-full" />
      </Form>
    </section>
  );
}
