import { useState, type ReactNode } from 'react';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { ADMIN_REQUESTS_PAGE_SIZE } from '../utils/request-pages.ts';
import { ActionNotice } from './action-notice.tsx';
import { referenceFilter, RequestFilters } from './request-filters.tsx';

/** What a card of the list is handed: whether its status form is open, and how to say a change was made. */
export interface RequestCardControls {
  open: boolean;
  onOpen: (open: boolean) => void;
  onDone: (text: string) => void;
}

/** A list's read, as TanStack Query gives it. */
interface RequestsQuery<Page> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  data?: Page | undefined;
}

interface AdminRequestListProps<Item> {
  query: RequestsQuery<{ total: number; page: number }>;
  items: readonly Item[];
  keyOf: (item: Item) => string;
  card: (item: Item, controls: RequestCardControls) => ReactNode;
  onPage: (page: number) => void;
}

/**
 * A page of requests in the back office (decision 030): how many, a card each with one status
 * form open at a time, what the last change did, and the pages.
 */
export function AdminRequestList<Item>({ query, items, keyOf, card, onPage }: AdminRequestListProps<Item>) {
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <ActionNotice text={notice} />
      {query.isPending ? <WaitingText>Chargement des demandes…</WaitingText> : null}
      {query.isError ? <ReadFailed error={query.error} onRetry={() => void query.refetch()} pending={query.isFetching} /> : null}
      {query.data ? (
        <>
          <p className="text-sm text-muted">
            {query.data.total.toLocaleString('fr-FR')} demande{query.data.total > 1 ? 's' : ''}
          </p>
          {items.length === 0 ? <p>Aucune demande ne correspond à ces critères.</p> : null}
          <div className="space-y-4">
            {items.map((item) => {
              const key = keyOf(item);
              return (
                <div key={key}>
                  {card(item, {
                    open: opened === key,
                    onOpen: (open) => {
                      setNotice(null);
                      setOpened(open ? key : null);
                    },
                    onDone: (text) => {
                      setOpened(null);
                      setNotice(text);
                    },
                  })}
                </div>
              );
            })}
          </div>
          <Pagination page={query.data.page} pageCount={Math.max(1, Math.ceil(query.data.total / ADMIN_REQUESTS_PAGE_SIZE))} onPage={onPage} label="Pagination des demandes" />
        </>
      ) : null}
    </>
  );
}

interface AdminRequestsProps<S extends string, Page extends { total: number; page: number }, Item> {
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  /** The reference field's example ("SUP-2026-"). */
  placeholder: string;
  /** The list's query hook, given the filters and the page. */
  useRequests: (filters: { statut: S | null; reference: string; page: number }) => RequestsQuery<Page>;
  itemsOf: (page: Page) => readonly Item[];
  keyOf: (item: Item) => string;
  card: (item: Item, controls: RequestCardControls) => ReactNode;
}

/** One kind of request in the back office: its filters (status, reference) and its list. */
export function AdminRequests<S extends string, Page extends { total: number; page: number }, Item>({
  statuses,
  labels,
  placeholder,
  useRequests,
  itemsOf,
  keyOf,
  card,
}: AdminRequestsProps<S, Page, Item>) {
  const [statut, setStatut] = useState<S | null>(null);
  const [reference, setReference] = useState('');
  const [page, setPage] = useState(1);
  const query = useRequests({ statut, reference: referenceFilter(reference), page });
  return (
    <div className="space-y-6">
      <RequestFilters
        statuses={statuses}
        labels={labels}
        statut={statut}
        onStatut={(next) => {
          setStatut(next);
          setPage(1);
        }}
        reference={reference}
        onReference={(next) => {
          setReference(next);
          setPage(1);
        }}
        placeholder={placeholder}
      />
      <AdminRequestList query={query} items={query.data ? itemsOf(query.data) : []} keyOf={keyOf} card={card} onPage={setPage} />
    </div>
  );
}
