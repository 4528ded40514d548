import { LINE_STATUSES, lineStatusSchema, linePageQuerySchema } from '@ecare/shared/lines';
import { Search, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import type { LineListFilters } from '../api/paths.ts';
import { hasLineFilters, NO_LINE_FILTERS } from '../utils/line-page-params.ts';
import { LINE_STATUS_LABELS } from '../utils/line-status.ts';

/**
 * The search rule of the line list call (trimmed, 50 characters at most), and the two filters as
 * their lists give them ('' for all).
 */
export const lineSearchFormSchema = linePageQuerySchema.pick({ recherche: true, etiquette: true }).extend({
  statut: z.union([z.literal(''), lineStatusSchema]),
  idOffreEngagement: z.string().regex(/^\d*$/),
  idCentre: z.string().regex(/^(\d*|aucun)$/),
});
type SearchValues = z.input<typeof lineSearchFormSchema>;

export const LINE_SEARCH_MESSAGES = {
  recherche: { invalid: 'Votre recherche doit compter 50 caractères au maximum.' },
  etiquette: { invalid: 'Une étiquette compte au plus 30 caractères.' },
};

/** A cost centre of the account, in the tree's reading order (decision 048). */
export interface CentreChoice {
  idCentre: number;
  code: string;
  libelle: string;
  niveau: number;
}

export interface PlanChoice {
  idOffreEngagement: number;
  libelle: string;
}

const valuesOf = (filters: LineListFilters): SearchValues => ({
  recherche: filters.recherche,
  statut: filters.statut ?? '',
  idOffreEngagement: filters.idOffreEngagement === null ? '' : String(filters.idOffreEngagement),
  idCentre: filters.idCentre === null ? '' : String(filters.idCentre),
  etiquette: filters.etiquette,
});

/** A centre as the select lists it: indented under its parent, « Agence Lyon (LYON) ». */
export const centreOption = (centre: CentreChoice) => `${'\u00a0\u00a0\u00a0\u00a0'.repeat(Math.max(0, centre.niveau - 1))}${centre.libelle} (${centre.code})`;

/** A list of choices of the form (a native select: labelled, keyboard and screen reader ready). */
function SelectField({ name, label, options }: { name: FieldPath<SearchValues>; label: string; options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext<SearchValues>();
  return (
    <FormField id={useFieldId(name)} label={label}>
      {(control) => (
        <select {...control} {...register(name)} className="field-input w-full sm:w-56">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

const STATUS_OPTIONS = [{ value: '', label: 'Tous les statuts' }, ...LINE_STATUSES.map((status) => ({ value: status, label: LINE_STATUS_LABELS[status] }))];

interface LineSearchFormProps {
  /** The search and filters in the page URL; the fields follow them (back and forward buttons). */
  filters: LineListFilters;
  /** Plans the list may be narrowed to (the mobile plans of the catalogue). */
  plans: readonly PlanChoice[];
  /** The account's cost centres: a filter by centre when there are any. */
  centres?: readonly CentreChoice[];
  /** The labels the account's lines carry, offered as the label field is typed. */
  labels?: readonly string[];
  onSearch: (filters: LineListFilters) => void;
}

/** Search (a number in any usual form, a user's name, a plan) and filters of the fleet list. */
export function LineSearchForm({ filters, plans, centres = [], labels = [], onSearch }: LineSearchFormProps) {
  const defaults = valuesOf(filters);
  const form = useZodForm(lineSearchFormSchema, { defaultValues: defaults, messages: LINE_SEARCH_MESSAGES, mode: 'onSubmit' });
  const { reset } = form;
  const { recherche, statut, idOffreEngagement, idCentre, etiquette } = defaults;
  useEffect(() => reset({ recherche, statut, idOffreEngagement, idCentre, etiquette }), [reset, recherche, statut, idOffreEngagement, idCentre, etiquette]);
  const labelsId = useId();
  const centreOptions = [
    { value: '', label: 'Tous les centres' },
    { value: 'aucun', label: 'Sans centre de coût' },
    ...centres.map((centre) => ({ value: String(centre.idCentre), label: centreOption(centre) })),
    ...(idCentre !== '' && idCentre !== 'aucun' && !centres.some((centre) => String(centre.idCentre) === idCentre) ? [{ value: idCentre, label: `Centre n°\u00a0${idCentre}` }] : []),
  ];
  // A plan in the address that the catalogue no longer has stays choosable, by its id.
  const planOptions = [
    { value: '', label: 'Tous les forfaits' },
    ...plans.map((plan) => ({ value: String(plan.idOffreEngagement), label: plan.libelle })),
    ...(idOffreEngagement !== '' && !plans.some((plan) => String(plan.idOffreEngagement) === idOffreEngagement)
      ? [{ value: idOffreEngagement, label: `Forfait n°\u00a0${idOffreEngagement}` }]
      : []),
  ];

  return (
    <Form
      form={form}
      role="search"
      aria-label="Rechercher et filtrer les lignes"
      className="flex flex-wrap items-end gap-x-4 gap-y-3"
      onSubmit={(values) =>
        onSearch({
          recherche: values.recherche ?? '',
          statut: values.statut === '' ? null : values.statut,
          idOffreEngagement: values.idOffreEngagement === '' ? null : Number(values.idOffreEngagement),
          idCentre: values.idCentre === '' ? null : values.idCentre === 'aucun' ? 'aucun' : Number(values.idCentre),
          etiquette: values.etiquette ?? '',
        })
      }
    >
      <TextField<SearchValues>
        name="recherche"
        label="Rechercher une ligne"
        help="Numéro (06 12 34 56 78, +33 6 12…), nom de l’utilisateur ou forfait"
        type="search"
        className="w-full sm:w-80"
      />
      <SelectField name="statut" label="Statut" options={STATUS_OPTIONS} />
      <SelectField name="idOffreEngagement" label="Forfait" options={planOptions} />
      {centres.length > 0 || idCentre !== '' ? <SelectField name="idCentre" label="Centre de coût" options={centreOptions} /> : null}
      <TextField<SearchValues> name="etiquette" label="Étiquette" type="search" className="w-full sm:w-48" list={labelsId} autoComplete="off" />
      <datalist id={labelsId}>
        {labels.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </button>
        {hasLineFilters(filters) ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              onSearch(NO_LINE_FILTERS);
              // The button goes with the filters: the search field takes the focus.
              form.setFocus('recherche');
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Effacer les filtres
          </button>
        ) : null}
      </div>
    </Form>
  );
}
