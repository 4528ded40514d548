import type { HtmlRemoval } from '@ecare/shared/admin';
import { Alert } from '../../../components/ui/alert.tsx';

interface RemovalNoticeProps {
  retraits: readonly HtmlRemoval[];
  /** The field names as the form labels them. */
  labels: Readonly<Record<string, string>>;
}

/**
 * What the server's sanitizer took out of the texts just saved (decision 030): the saved text is
 * the preview's, and the author learns why it differs from what they typed.
 */
export function RemovalNotice({ retraits, labels }: RemovalNoticeProps) {
  if (retraits.length === 0) return null;
  return (
    <Alert tone="info" live={false} title="Certains éléments n’étaient pas autorisés et ont été retirés avant l’enregistrement :">
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {retraits.map((removal) => (
          <li key={removal.champ}>
            {labels[removal.champ] ?? removal.champ}&nbsp;: {removal.elements.join(', ')}.
          </li>
        ))}
      </ul>
    </Alert>
  );
}
