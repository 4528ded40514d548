import { LINE_STATUSES, lineStatusSchema, linePageQuerySchema } from '@ecare/shared/lines';
import { Search, X } from 'lucide-react';
import { useEffect } from 'react';
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
export const lineSearchFormSchema = linePageQuerySchema.pick({ recherche: true }).extend({
  statut: z.union([z.literal(''), lineStatusSchema]),
  idOffreEngagement: z.string().regex(/^\d*$/),
});
type SearchValues = z.input<typeof lineSearchFormSchema>;

export const LINE_SEARCH_MESSAGES = {
  recherche: { invalid: 'Votre recherche doit compter 50 caractères au maximum.' },
};

export interface PlanChoice {
  idOffreEngagement: number;
  libelle: string;
}

const valuesOf = (filters: LineListFilters): SearchValues => ({
  recherche: filters.recherche,
  statut: filters.statut ?? '',
  idOffreEngagement: filters.idOffreEngagement === null ? '' : String(filters.idOffreEngagement),
});

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
  onSearch: (filters: LineListFilters) => void;
}

/** Search (a number in any usual form, a user's name, a plan) and filters of the fleet list. */
export function LineSearchForm({ filters, plans, onSearch }: LineSearchFormProps) {
  const defaults = valuesOf(filters);
  const form = useZodForm(lineSearchFormSchema, { defaultValues: defaults, messages: LINE_SEARCH_MESSAGES, mode: 'onSubmit' });
  const { reset } = form;
  const { recherche, statut, idOffreEngagement } = defaults;
  useEffect(() => reset({ recherche, statut, idOffreEngagement }), [reset, recherche, statut, idOffreEngagement]);
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
