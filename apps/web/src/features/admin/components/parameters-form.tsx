import {
  ADMIN_BANNER_MAX_LENGTH,
  adminParametersBodySchema,
  type AdminParameters,
  type AdminParametersBody,
  type HtmlRemoval,
} from '@ecare/shared/admin';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSaveAdminParameters } from '../api/save-admin-parameters.ts';
import { RemovalNotice } from './removal-notice.tsx';
import { HtmlField } from './html-field.tsx';

export const PARAMETER_LABELS: Readonly<Record<keyof AdminParametersBody, string>> = {
  en_maintenance: 'Portail en maintenance',
  hidE_CAPTCHA: 'Masquer le captcha',
  activeR_RESSOURCES_EXTERNES: 'Activer les ressources externes',
  titrE_BANDEAU: 'Bandeau des pages connectées',
  messageAuthentification: 'Message de la page de connexion',
};

const bodyOf = ({ propagationSecondes: _bound, ...body }: AdminParameters): AdminParametersBody => body;

interface ParametersFormProps {
  parameters: AdminParameters;
  /** The orange banner as the pages draw it, around the preview's HTML. */
  renderBanner: (html: string) => ReactNode;
}

/**
 * The server parameters the back office edits, saved together. Turning maintenance on asks for
 * a confirmation first: it closes the portal to every customer.
 */
export function ParametersForm({ parameters, renderBanner }: ParametersFormProps) {
  const form = useZodForm(adminParametersBodySchema, { defaultValues: bodyOf(parameters) });
  const save = useSaveAdminParameters();
  const confirmation = useConfirmation();
  const [retraits, setRetraits] = useState<HtmlRemoval[] | null>(null);
  const { isDirty } = useFormState({ control: form.control });
  const seconds = parameters.propagationSecondes;

  return (
    <Form
      form={form}
      className="space-y-6"
      onSubmit={async (values) => {
        setRetraits(null);
        const closing = values.en_maintenance && !parameters.en_maintenance;
        if (closing && !(await confirmation.ask())) return;
        try {
          const saved = await save.mutateAsync(values);
          form.reset(bodyOf(saved.parametres));
          setRetraits(saved.retraits);
        } finally {
          confirmation.close();
        }
      }}
    >
      <fieldset className="space-y-2 rounded-lg border border-line-soft p-4">
        <legend className="px-1 font-semibold">Interrupteurs</legend>
        <CheckboxField<AdminParametersBody>
          name="en_maintenance"
          label={PARAMETER_LABELS.en_maintenance}
          description={`Les clients voient la page de maintenance et l’API leur répond « service indisponible ». Le back-office et la connexion restent ouverts aux administrateurs pour rétablir le service. Le changement s’applique sur tous les serveurs en ${seconds} seconde${seconds > 1 ? 's' : ''} au plus.`}
        />
        <CheckboxField<AdminParametersBody>
          name="hidE_CAPTCHA"
          label={PARAMETER_LABELS.hidE_CAPTCHA}
          description="Coché, la connexion et le code confidentiel oublié ne demandent pas de vérification anti-robot (reCAPTCHA)."
        />
        <CheckboxField<AdminParametersBody>
          name="activeR_RESSOURCES_EXTERNES"
          label={PARAMETER_LABELS.activeR_RESSOURCES_EXTERNES}
          description="Coché, les liens vers les réseaux sociaux du pied de page sont actifs."
        />
      </fieldset>

      <HtmlField<AdminParametersBody>
        name="titrE_BANDEAU"
        label={PARAMETER_LABELS.titrE_BANDEAU}
        help="Bandeau orange en haut des pages des clients connectés ; vide, il n’est pas affiché. Balises permises : b, strong, i, em, a (lien http ou https), br, p, span. Le reste est retiré à l’enregistrement."
        maxLength={ADMIN_BANNER_MAX_LENGTH}
        rules={BANNER_HTML_RULES}
        renderPreview={renderBanner}
        rows={3}
      />
      <HtmlField<AdminParametersBody>
        name="messageAuthentification"
        label={PARAMETER_LABELS.messageAuthentification}
        help="Encadré d’information de la page de connexion ; mêmes balises permises que le bandeau."
        maxLength={ADMIN_BANNER_MAX_LENGTH}
        rules={BANNER_HTML_RULES}
        rows={3}
      />

      <p className="text-sm text-muted">
        Le bandeau, le message et les interrupteurs sont lus à chaque page : un client les voit au prochain chargement de page. La
        maintenance est gardée en mémoire par chaque serveur : elle s’applique partout en {seconds} seconde{seconds > 1 ? 's' : ''} au plus.
      </p>
      <FormAlert />
      <div role="status">
        {retraits !== null && !isDirty ? (
          <div className="space-y-3">
            <Alert tone="success" live={false}>
              Les paramètres ont été enregistrés.
            </Alert>
            <RemovalNotice retraits={retraits} labels={PARAMETER_LABELS} />
          </div>
        ) : null}
      </div>
      <SubmitButton>Enregistrer les paramètres</SubmitButton>
      <ConfirmDialog confirmation={confirmation} title="Mettre le portail en maintenance ?" confirmLabel="Mettre en maintenance" isPending={save.isPending}>
        <p>
          Les clients ne pourront plus utiliser l’espace client jusqu’à ce que vous décochiez « {PARAMETER_LABELS.en_maintenance} ». Vous
          resterez connecté à l’administration.
        </p>
      </ConfirmDialog>
    </Form>
  );
}
