import { adminFaqThemeBodySchema, type AdminFaqTheme } from '@ecare/shared/admin';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveAdminFaqTheme } from '../api/save-admin-faq-theme.ts';
import { withBrand } from '../utils/brand.ts';

interface FaqThemeFormProps {
  /** The theme renamed; none: a new theme. */
  theme: AdminFaqTheme | null;
  onSaved: (theme: AdminFaqTheme) => void;
  onCancel?: () => void;
}

/** A theme's name: a new theme (added last) or a renamed one. */
export function FaqThemeForm({ theme, onSaved, onCancel }: FaqThemeFormProps) {
  const form = useZodForm(adminFaqThemeBodySchema, { defaultValues: { libelle: theme?.libelle ?? '' } });
  const save = useSaveAdminFaqTheme(theme?.idTheme ?? null);
  return (
    <Form
      form={form}
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        form.reset({ libelle: theme ? saved.libelle : '' });
        onSaved(saved);
      }}
    >
      <TextField
        name="libelle"
        label={theme ? `Nouveau libellé du thème « ${withBrand(theme.libelle)} »` : 'Libellé du nouveau thème'}
        required
        className="min-w-0 flex-1 basis-64"
      />
      <SubmitButton>{theme ? 'Renommer' : 'Ajouter le thème'}</SubmitButton>
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      ) : null}
      <FormAlert className="basis-full" />
    </Form>
  );
}
