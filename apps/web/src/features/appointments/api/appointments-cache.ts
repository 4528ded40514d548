import type { QueryClient } from '@tanstack/react-query';

/** A booking, move or cancellation changes the line's list and everyone's free slots; a refused one may mean the slots changed. */
export const appointmentsChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: ['appointments'] });
