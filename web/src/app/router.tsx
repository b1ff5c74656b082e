import { createBrowserRouter } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to) => void router.navigate(to, { replace: true }));
  return router;
}
