import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { startEarlyLoads } from './app/session-data-loader';
import { keepUnsentTries } from './features/game-review/lib/unsent-store';
import { createQueryClient } from './lib/query-client';
import { applyStoredTheme } from './lib/theme';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

applyStoredTheme();
const queryClient = createQueryClient();
keepUnsentTries(queryClient);
startEarlyLoads(queryClient);
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
