import { QueryClientProvider } from '@tanstack/react-query';
import { AppFrame } from '../layout/app-frame.tsx';
import { queryClient } from '../query-client.ts';

/** Layout route of every page but the login: server-state cache and page frame. */
export function FrameRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppFrame />
    </QueryClientProvider>
  );
}
