import 'govuk-frontend/dist/govuk/govuk-frontend.min.css';
import './app.css';
import { isSupported } from 'govuk-frontend';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { queryClient } from './lib/query-client';

// govuk-frontend's components only start when the body says the browser supports them; the page's
// CSP forbids the usual inline snippet, so it is set here.
document.body.classList.add('js-enabled');
if (isSupported()) document.body.classList.add('govuk-frontend-supported');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
