import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { AppFrame } from '../layout/app-frame.tsx';
import { queryClient } from '../query-client.ts';

/**
 * Layout route of every page but the login: server-state cache, page frame, and the settings of
 * the React Aria parts (French texts whatever the browser's language; in-app links through the
 * router).
 */
export function FrameRoute() {
  const navigate = useNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="fr-FR">
        <RouterProvider navigate={(path) => void navigate(path)} useHref={useHref}>
          <AppFrame />
        </RouterProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
