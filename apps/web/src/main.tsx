import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { dropPageData, readPageData } from './lib/page-data';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The first answers the server put into the page: the first render starts from them, without a
// round trip. They are for this page only: the first navigation forgets what is left of them.
readPageData();
const router = createAppRouter();
const firstLocation = router.state.location.key;
const stopWatching = router.subscribe((state) => {
  if (state.location.key === firstLocation) return;
  dropPageData();
  stopWatching();
});

// A transition lets React split the first render into short tasks, so input is never blocked for long.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
