import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { parametersQueryOptions } from '../../features/parameters/api/get-parameters.ts';
import { AppFrame } from '../layout/app-frame.tsx';
import { queryClient } from '../query-client.ts';

/**
 * The frame's orange banner and footer depend on the server parameters: they are read before
 * the frame's first paint (the HTML has preloaded them), so nothing moves when they arrive.
 * Loaders run side by side, so the page's own data is not held up. A failed read is left to
 * the frame's query, as before.
 */
export async function frameLoader(): Promise<null> {
  await queryClient.ensureQueryData(parametersQueryOptions()).catch(() => undefined);
  return null;
}

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
