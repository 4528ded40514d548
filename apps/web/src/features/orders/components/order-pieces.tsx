import { PIECE_ACCEPT, PIECE_FIELD, PIECE_MAX_BYTES, type OrderDetail, type Piece } from '@ecare/shared/orders';
import { PIECE_TYPES, PIECE_TYPE_LABELS, type PieceType } from '@ecare/shared/shop';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { SentFile, UploadFields, useUpload } from '../../../components/ui/upload.tsx';
import { fileSchema } from '../../../lib/attachment-file.ts';
import { useDeletePiece } from '../api/delete-piece.ts';
import { piecesPath } from '../api/paths.ts';
import { useUploadPiece } from '../api/upload-piece.ts';

const MAX_MO = PIECE_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `Le fichier dépasse la taille maximale de ${MAX_MO} Mo.`;

const schema = z.object({
  type: z.enum(PIECE_TYPES, 'Veuillez choisir le type de document.'),
  [PIECE_FIELD]: fileSchema({ required: true, limit: { maxBytes: PIECE_MAX_BYTES, tooLarge: TOO_LARGE } }),
});
type PieceValues = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<PieceValues> = {
  ATTACHMENT_TYPE: PIECE_FIELD,
  ATTACHMENT_EMPTY: PIECE_FIELD,
  PIECE_TOO_LARGE: PIECE_FIELD,
  PIECE_FILE_MISSING: PIECE_FIELD,
};

/** A piece a subscription under validation or validated keeps: no delete button then. */
const removable = (order: OrderDetail) => !order.souscription || order.souscription.statut === 2 || order.souscription.statut === 4;

/**
 * The supporting documents of an order's subscription: the list (download, delete after a
 * confirmation) and the upload form, with the progress of the bytes sent.
 */
export function OrderPieces({ idClientBscs, order }: { idClientBscs: number; order: OrderDetail }) {
  const awaited = order.souscription?.piecesManquantes?.[0];
  const form = useZodForm(schema, { defaultValues: { type: awaited ?? 'KBIS', [PIECE_FIELD]: null } });
  const uploadPiece = useUploadPiece();
  const upload = useUpload();
  const remove = useDeletePiece(idClientBscs);
  const confirmation = useConfirmation();
  const [target, setTarget] = useState<Piece | null>(null);
  const [announce, setAnnounce] = useState<string | null>(null);
  const idSouscription = order.souscription?.idSouscription ?? null;

  return (
    <section aria-labelledby="pieces-titre" className="card space-y-4">
      <h2 id="pieces-titre" className="text-xl font-bold text-primary-strong">
        Pièces justificatives
      </h2>
      {order.souscription?.piecesManquantes && order.souscription.piecesManquantes.length > 0 ? (
        <p>
          Documents attendus&nbsp;: <strong>{order.souscription.piecesManquantes.map((type) => PIECE_TYPE_LABELS[type]).join(', ')}</strong>.
        </p>
      ) : null}
      {order.pieces.length === 0 ? (
        <p className="text-muted">Aucun document envoyé pour cette commande.</p>
      ) : (
        <ul className="space-y-3">
          {order.pieces.map((piece) => (
            <SentFile
              key={piece.idCtrlPiece}
              name={
                <>
                  {piece.typeLibelle}&nbsp;: {piece.nomFichier}
                </>
              }
              size={piece.taille}
            >
              <DownloadButton
                className="btn-secondary min-h-9 px-3 py-1 text-sm"
                label={
                  <>
                    Télécharger<span className="sr-only"> le document {piece.nomFichier}</span>
                  </>
                }
                path={`${piecesPath(idClientBscs)}/telecharger`}
                method="POST"
                json={{ idCtrlPiece: piece.idCtrlPiece }}
                fallbackName={piece.nomFichier}
              />
              {removable(order) ? (
                <button
                  type="button"
                  className="btn-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={async () => {
                    setTarget(piece);
                    if (!(await confirmation.ask())) return;
                    try {
                      await remove.mutateAsync(piece.idCtrlPiece);
                      setAnnounce(`Le document ${piece.nomFichier} est supprimé.`);
                    } catch {
                      // Shown by the alert below.
                    } finally {
                      confirmation.close();
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Supprimer<span className="sr-only"> le document {piece.nomFichier}</span>
                </button>
              ) : null}
            </SentFile>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      <ConfirmDialog confirmation={confirmation} title="Supprimer le document" confirmLabel="Oui, supprimer le document" isPending={remove.isPending}>
        <p>Le document {target?.nomFichier} sera définitivement supprimé.</p>
      </ConfirmDialog>

      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="space-y-4"
        onSubmit={async (values) => {
          const file = values[PIECE_FIELD];
          if (!file) return;
          const result = await upload.send(
            ({ onProgress, signal }) => uploadPiece.mutateAsync({ idClientBscs, type: values.type as PieceType, idSouscription, file, onProgress, signal }),
            { total: file.size, stopped: 'L’envoi a été arrêté\u00a0: le document n’est pas envoyé.' },
          );
          setAnnounce(`Le document ${result.piece.nomFichier} est envoyé.`);
          form.reset({ type: values.type, [PIECE_FIELD]: null });
        }}
      >
        <RadioGroupField<PieceValues> name="type" label="Type de document" options={PIECE_TYPES.map((type) => ({ value: type, label: PIECE_TYPE_LABELS[type] }))} />
        <UploadFields<PieceValues>
          upload={upload}
          name={PIECE_FIELD}
          label="Fichier"
          help={`Un fichier PDF, JPEG ou PNG de ${MAX_MO}\u00a0Mo au maximum.`}
          accept={PIECE_ACCEPT}
          announcement="L’envoi du document a commencé."
          submitLabel="Envoyer le document"
        />
      </Form>
    </section>
  );
}
