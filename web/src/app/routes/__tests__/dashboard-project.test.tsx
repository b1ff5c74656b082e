import { PROJECTS_TEXTS } from '@vitrine/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { makeImage, makeProject, page } from '../../../testing/gallery-data';
import { makeUser } from '../../../testing/billing-data';
import { installIntersectionObserver } from '../../../testing/intersection-observer';
import { serverError } from '../../../testing/server-answers';
import { Component as ProjectRoute } from '../dashboard-project';
import { Component as ProjectGalleryRoute } from '../dashboard-images-project';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
// The signed-in viewer (GET /users/me): a plain member, author of the fixtures' work (decision 081).
const mockViewer = { user: makeUser({ roles: ['org_member'] }) };
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) =>
    path === '/users/me' ? Promise.resolve(mockViewer.user) : mockApi(path, options),
}));

const project = makeProject();

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderAt(url: string) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/dashboard/projects" element={<h1>Liste des projets</h1>} />
            <Route path="/dashboard/projects/:projectId" element={<ProjectRoute />} />
            <Route path="/dashboard/images" element={<h1>Galerie</h1>} />
            <Route path="/dashboard/images/project/:projectId" element={<ProjectGalleryRoute />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

function serveProject() {
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/projects/p1') return project;
    if (method === 'GET' && path === '/images/project/p1?limit=40')
      return page([makeImage({ id: 'salon', projectId: 'p1' }), makeImage({ id: 'cuisine', projectId: 'p1' })]);
    if (method === 'DELETE' && path === '/images/project/p1/salon') return undefined;
    if (method === 'GET' && path.startsWith('/projects/'))
      throw serverError('NOT_FOUND', PROJECTS_TEXTS.notFoundOrDenied);
    throw new Error(`unexpected ${method} ${path}`);
  });
}

beforeAll(installIntersectionObserver);
beforeEach(() => mockApi.mockReset());

describe('/dashboard/projects/{id}', () => {
  it('shows the breadcrumb to Projets, the back arrow, the date, the count and Ajouter une image', async () => {
    serveProject();
    renderAt('/dashboard/projects/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Villa des Pins' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Projets' })).toHaveAttribute('href', '/dashboard/projects');
    expect(within(breadcrumb).queryByRole('link', { name: 'Mes images' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux projets' })).toHaveAttribute('href', '/dashboard/projects');
    expect(screen.getByText(/Créé le 2 mars 2026/)).toHaveTextContent('2 images');
    expect(screen.getByRole('link', { name: 'Ajouter une image' })).toHaveAttribute(
      'href',
      '/dashboard/upload?project=p1',
    );
  });

  it('leads back to Mes images when opened from there (from=images)', async () => {
    serveProject();
    renderAt('/dashboard/projects/p1?from=images');
    await screen.findByRole('heading', { level: 1, name: 'Villa des Pins' });
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Mes images' })).toHaveAttribute('href', '/dashboard/images');
    expect(within(breadcrumb).queryByRole('link', { name: 'Projets' })).not.toBeInTheDocument();
  });

  it('lists its images in the images tab and deletes one through the project route', async () => {
    serveProject();
    const user = userEvent.setup();
    renderAt('/dashboard/projects/p1');
    const tab = await screen.findByRole('tabpanel', { name: 'Images' });
    expect(await within(tab).findByRole('article', { name: 'salon.jpg' })).toBeInTheDocument();
    await user.click(within(tab).getByRole('button', { name: 'Supprimer salon.jpg' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Image supprimée avec succès.')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/images/project/p1/salon', { method: 'DELETE' });
    expect(within(tab).queryByRole('article', { name: 'salon.jpg' })).not.toBeInTheDocument();
  });

  it('shows every field in the details tab', async () => {
    serveProject();
    const user = userEvent.setup();
    renderAt('/dashboard/projects/p1');
    await user.click(await screen.findByRole('tab', { name: 'Détails' }));
    const details = screen.getByRole('tabpanel', { name: 'Détails' });
    const field = (label: string) => within(details).getByText(label).nextElementSibling;
    expect(field('Nom')).toHaveTextContent('Villa des Pins');
    expect(field('Description')).toHaveTextContent('Maison familiale avec jardin');
    expect(field('Adresse')).toHaveTextContent('12 chemin des Pins, Arcachon');
    expect(field('Superficie')).toHaveTextContent('140 m²');
    expect(field('Type de bien')).toHaveTextContent('Maison');
    expect(field('Créé le')).toHaveTextContent('2 mars 2026');
    expect(field('Dernière modification')).toHaveTextContent('5 mars 2026');
    expect(field('Identifiant du projet')).toHaveTextContent('p1');
    expect(field("Identifiant de l'utilisateur")).toHaveTextContent('user-1');
  });

  it('a missing or foreign project shows the toast and goes back to the projects list', async () => {
    serveProject();
    renderAt('/dashboard/projects/autre-agence');
    expect(await screen.findByText('Projet introuvable ou accès refusé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/projects'));
    expect(screen.getByRole('heading', { name: 'Liste des projets' })).toBeInTheDocument();
  });
});

describe('/dashboard/images/project/{id}', () => {
  it("shows the project's images with the gallery tools, under Mes images", async () => {
    serveProject();
    renderAt('/dashboard/images/project/p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Images du projet Villa des Pins' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Mes images' })).toHaveAttribute('href', '/dashboard/images');
    expect(await screen.findByRole('article', { name: 'cuisine.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Actions sur la sélection' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle transformation' })).toHaveAttribute(
      'href',
      '/dashboard/upload?project=p1',
    );
  });

  it('a missing project goes back to Mes images with the toast', async () => {
    serveProject();
    renderAt('/dashboard/images/project/inconnu');
    expect(await screen.findByText('Projet introuvable ou accès refusé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/images'));
  });
});
