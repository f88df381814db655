import '@fontsource-variable/inter';
import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getSupabase } from '@/lib/supabase';
import { getThemeStore } from '@/theme/use-theme';
import { AppProviders } from './providers.tsx';
import { createRouter } from './router.tsx';

getThemeStore();
// Start downloading supabase-js now, in parallel with the first render that does not need it.
void getSupabase();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
