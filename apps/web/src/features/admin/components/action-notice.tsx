import { Alert } from '../../../components/ui/alert.tsx';

/** What a back-office list says after an action, in its one polite live region (kept in the page, empty when silent). */
export function ActionNotice({ text }: { text: string | null }) {
  return (
    <div role="status" className="empty:hidden">
      {text ? (
        <Alert tone="success" live={false}>
          {text}
        </Alert>
      ) : null}
    </div>
  );
}
