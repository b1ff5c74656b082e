import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

/** Root of every page except /: the full route tree (auth pages, dashboard, other public pages). */
export function Root() {
  return <RouterProvider router={createAppRouter()} />;
}
