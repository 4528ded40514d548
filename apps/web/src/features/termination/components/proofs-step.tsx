import { ATTACHMENT_ACCEPT } from '@ecare/shared/support';
import type { TerminationAttachment } from '@ecare/shared/termination';
import { TERMINATION_MAX_ATTACHMENTS } from '@ecare/shared/termination';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { Form } from '../../../components/ui/form/form.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SentFile, UploadFields, useUpload } from '../../../components/ui/upload.tsx';
import { fileSchema } from '../../../lib/attachment-file.ts';
import { useDeleteProof } from '../api/delete-proof.ts';
import { useUploadProof } from '../api/upload-proof.ts';

/** The chosen file, checked as the server will check it (its first bytes, its size). */
const schema = z.object({ pieceJointe: fileSchema({ required: true }) });
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
  const uploadProof = useUploadProof();
  const upload = useUpload();
  const remove = useDeleteProof();
  const [missing, setMissing] = useState(false);
  const [announce, setAnnounce] = useState<string | null>(null);
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
              <SentFile key={proof.cle} name={proof.nom} size={proof.taille}>
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
              </SentFile>
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
            const proof = await upload.send(({ onProgress, signal }) => uploadProof.mutateAsync({ idContrat, file, onProgress, signal }), {
              total: file.size,
              stopped: 'L’envoi a été arrêté\u00a0: le fichier n’est pas joint.',
            });
            onAdded(proof);
            setMissing(false);
            setAnnounce(`Le fichier ${proof.nom} est joint à votre demande.`);
            form.reset({ pieceJointe: null });
          }}
        >
          <UploadFields<ProofValues>
            upload={upload}
            name="pieceJointe"
            label={proofs.length === 0 ? 'Fichier à joindre' : 'Autre fichier à joindre'}
            help={'Un fichier PDF, JPEG ou PNG de 5\u00a0Mo au maximum.'}
            accept={ATTACHMENT_ACCEPT}
            announcement="L’envoi du fichier a commencé."
            submitLabel="Envoyer le fichier"
          />
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
