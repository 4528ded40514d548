import { ATTACHMENT_ACCEPT } from '@ecare/shared/support';
import type { TerminationAttachment } from '@ecare/shared/termination';
import { TERMINATION_MAX_ATTACHMENTS } from '@ecare/shared/termination';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormAlertError, type ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FileField } from '../../../components/ui/form/file-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UploadStatus } from '../../../components/ui/upload-status.tsx';
import type { UploadProgress } from '../../../lib/api-upload.ts';
import { attachmentProblem, formatFileSize } from '../../../lib/attachment-file.ts';
import { useDeleteProof } from '../api/delete-proof.ts';
import { useUploadProof } from '../api/upload-proof.ts';

const CHOOSE = 'Veuillez choisir le fichier à envoyer.';

/** The chosen file, checked as the server will check it (its first bytes, its size). */
const schema = z.object({
  pieceJointe: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .superRefine(async (file, ctx) => {
      if (!file) {
        ctx.addIssue({ code: 'custom', message: CHOOSE });
        return;
      }
      const problem = await attachmentProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
type ProofValues = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<ProofValues> = {
  ATTACHMENT_TYPE: 'pieceJointe',
  ATTACHMENT_TOO_LARGE: 'pieceJointe',
  ATTACHMENT_EMPTY: 'pieceJointe',
  TERMINATION_ATTACHMENTS_TOO_MANY: 'pieceJointe',
};

interface ProofsStepProps {
  idContrat: number;
  /** The proof the reason asks for, null when none is needed. */
  justificatif: string | null;
  proofs: readonly TerminationAttachment[];
  onAdded: (proof: TerminationAttachment) => void;
  onRemoved: (cle: string) => void;
  onNext: () => void;
  onBack: () => void;
  /** A line user reads the procedure: no upload. */
  readOnly: boolean;
}

/** Step 4: the proofs, sent one by one with their progress, removable until the request is sent. */
export function ProofsStep({ idContrat, justificatif, proofs, onAdded, onRemoved, onNext, onBack, readOnly }: ProofsStepProps) {
  const form = useZodForm(schema, { defaultValues: { pieceJointe: null } });
  const upload = useUploadProof();
  const remove = useDeleteProof();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [missing, setMissing] = useState(false);
  const [announce, setAnnounce] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const full = proofs.length >= TERMINATION_MAX_ATTACHMENTS;

  return (
    <div className="space-y-6">
      {justificatif ? (
        <Alert tone="info" title="Justificatif demandé" live={false}>
          Ce motif demande&nbsp;: {justificatif}.
        </Alert>
      ) : (
        <p>Ce motif ne demande pas de justificatif. Vous pouvez tout de même joindre un document utile à votre demande (facultatif).</p>
      )}

      <section aria-labelledby="pieces-titre" className="space-y-3">
        <h2 id="pieces-titre" className="text-xl font-bold text-primary-strong">
          Fichiers joints
        </h2>
        {proofs.length === 0 ? (
          <p className="text-muted">Aucun fichier joint pour l’instant.</p>
        ) : (
          <ul className="space-y-2">
            {proofs.map((proof) => (
              <li key={proof.cle} className="flex flex-wrap items-center gap-3">
                <FileText aria-hidden="true" className="size-4 text-muted" />
                <span className="break-all">
                  {proof.nom} ({formatFileSize(proof.taille)})
                </span>
                {readOnly ? null : (
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-3 py-1 text-sm"
                    disabled={remove.isPending}
                    onClick={async () => {
                      try {
                        await remove.mutateAsync(proof.cle);
                        onRemoved(proof.cle);
                        setAnnounce(`Le fichier ${proof.nom} est supprimé.`);
                      } catch {
                        // Shown by the alert below.
                      }
                    }}
                  >
                    {remove.isPending && remove.variables === proof.cle ? <Spinner small /> : <Trash2 aria-hidden="true" className="size-4" />}
                    Supprimer<span className="sr-only"> le fichier {proof.nom}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="sr-only">
          {announce}
        </p>
        {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      </section>

      {readOnly || full ? null : (
        <Form
          form={form}
          errorFields={ERROR_FIELDS}
          className="space-y-4"
          onSubmit={async (values) => {
            const file = values.pieceJointe;
            if (!file) return;
            const controller = new AbortController();
            running.current = controller;
            setProgress({ sent: 0, total: file.size });
            try {
              const proof = await upload.mutateAsync({ idContrat, file, onProgress: setProgress, signal: controller.signal });
              onAdded(proof);
              setMissing(false);
              setAnnounce(`Le fichier ${proof.nom} est joint à votre demande.`);
              form.reset({ pieceJointe: null });
            } catch (error) {
              if (controller.signal.aborted) throw new FormAlertError('L’envoi a été arrêté\u00a0: le fichier n’est pas joint.');
              throw error;
            } finally {
              running.current = null;
              setProgress(null);
            }
          }}
        >
          <FileField<ProofValues>
            name="pieceJointe"
            label={proofs.length === 0 ? 'Fichier à joindre' : 'Autre fichier à joindre'}
            help={'Un fichier PDF, JPEG ou PNG de 5\u00a0Mo au maximum.'}
            accept={ATTACHMENT_ACCEPT}
          />
          {progress ? <UploadStatus progress={progress} onStop={() => running.current?.abort()} announcement="L’envoi du fichier a commencé." /> : null}
          <FormAlert />
          <SubmitButton className="btn-secondary">
            <Upload aria-hidden="true" className="size-4" />
            Envoyer le fichier
          </SubmitButton>
        </Form>
      )}
      {full ? <p className="text-muted">{`Vous avez joint ${TERMINATION_MAX_ATTACHMENTS} fichiers, le maximum\u00a0: supprimez-en un pour en joindre un autre.`}</p> : null}

      {missing ? (
        <Alert tone="error">
          <p className="font-semibold">Veuillez joindre le justificatif demandé avant de continuer.</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            if (justificatif && proofs.length === 0 && !readOnly) {
              setMissing(true);
              return;
            }
            onNext();
          }}
        >
          Continuer
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Retour
        </button>
      </div>
    </div>
  );
}
