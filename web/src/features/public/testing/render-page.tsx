import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppLinkProvider } from '../../../components/app-link';
import { renderRouterLink } from '../../../components/router-link';

/** Renders a page inside a memory router at `path`, with client-side AppLinks as in the router app. */
export function renderPage(element: ReactElement, path = '/') {
  const router = createMemoryRouter(
    [{ path: '*', element: <AppLinkProvider value={renderRouterLink}>{element}</AppLinkProvider> }],
    {
      initialEntries: [path],
    },
  );
  return render(<RouterProvider router={router} />);
}
