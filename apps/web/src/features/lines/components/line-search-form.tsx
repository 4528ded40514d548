import { linePageQuerySchema } from '@ecare/shared/lines';
import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { Form } from '../../../components/ui/form/form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';

/** The search rule of the line list call (trimmed, 50 characters at most). */
export const lineSearchFormSchema = linePageQuerySchema.pick({ recherche: true });

export const LINE_SEARCH_MESSAGES = {
  recherche: { invalid: 'Votre recherche doit compter 50 caractères au maximum.' },
};

interface LineSearchFormProps {
  /** The search in the page URL; the field follows it (back and forward buttons). */
  defaultValue: string;
  onSearch: (value: string) => void;
}

export function LineSearchForm({ defaultValue, onSearch }: LineSearchFormProps) {
  const form = useZodForm(lineSearchFormSchema, {
    defaultValues: { recherche: defaultValue },
    messages: LINE_SEARCH_MESSAGES,
    mode: 'onSubmit',
  });
  const { reset } = form;
  useEffect(() => reset({ recherche: defaultValue }), [reset, defaultValue]);

  return (
    <Form form={form} role="search" className="flex flex-wrap items-end gap-3" onSubmit={({ recherche }) => onSearch(recherche ?? '')}>
      <TextField
        name="recherche"
        label="Rechercher une ligne"
        help="Numéro de ligne ou nom du forfait"
        type="search"
        className="min-w-64 flex-1 sm:flex-none"
      />
      <button type="submit" className="btn-primary">
        <Search aria-hidden="true" className="size-4" />
        Rechercher
      </button>
    </Form>
  );
}
