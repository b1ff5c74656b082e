import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Project } from '@vitrine/shared';
import { ToastProvider } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { makeProject, projectPage } from '../../../testing/gallery-data';
import { makeUser } from '../../../testing/billing-data';
import { installIntersectionObserver, showObserved } from '../../../testing/intersection-observer';
import { ProjectListPage } from '../components/project-list-page';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
// The signed-in viewer (GET /users/me): a plain member, author of the fixtures' work (decision 081).
const mockViewer = { user: makeUser({ roles: ['org_member'] }) };
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) =>
    path === '/users/me' ? Promise.resolve(mockViewer.user) : mockApi(path, options),
}));

const villa = makeProject();
const loft = makeProject({ id: 'p2', name: 'Loft Bastille', description: '', imageCount: 0, thumbnailUrl: null });

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/projects']}>
          <Routes>
            <Route path="/dashboard/projects" element={<ProjectListPage />} />
            <Route path="/dashboard/projects/:projectId" element={<h1>Page du projet</h1>} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

beforeAll(installIntersectionObserver);
beforeEach(() => mockApi.mockReset());

describe('/dashboard/projects', () => {
  it('shows 10 row skeletons, then the table; a row opens its project', async () => {
    let answer!: (page: unknown) => void;
    mockApi.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveTextContent('Tableau de bordProjets');
    expect(screen.getAllByTestId('row-skeleton')).toHaveLength(10);
    await act(async () => answer(projectPage([villa, loft])));

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Description', 'Date de création', 'Actions']);
    expect(rowOf('Villa des Pins')).toHaveTextContent('Maison familiale avec jardin');
    expect(rowOf('Villa des Pins')).toHaveTextContent('2 mars 2026');
    await user.click(within(rowOf('Loft Bastille')).getAllByRole('cell')[2] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/projects/p2');
  });

  it('searches by name on the server, and says when nothing matches', async () => {
    mockApi.mockImplementation(async (path) => {
      if (path === '/projects?limit=40') return projectPage([villa, loft]);
      if (path === '/projects?search=zzz&limit=40') return projectPage([], 2);
      if (path === '/projects?search=VILLA&limit=40') return projectPage([villa], 2);
      throw new Error(`unexpected ${path}`);
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Loft Bastille' });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'VILLA');
    // The server filters (case-insensitive) once typing pauses: no call per keystroke.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Loft Bastille' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Villa des Pins' })).toBeInTheDocument();
    expect(mockApi.mock.calls.map(([path]) => path).filter((path) => path.includes('search'))).toEqual([
      '/projects?search=VILLA&limit=40',
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un projet' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'zzz');
    expect(await screen.findByText('Aucun projet trouvé.', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('says when the projects cannot be loaded', async () => {
    mockApi.mockRejectedValue(new ApiError(500, ''));
    renderPage();
    expect(await screen.findByText('Impossible de charger les projets.')).toBeInTheDocument();
  });

  it('loads the next page when the user scrolls to the end of the table', async () => {
    mockApi.mockImplementation(async (path) => {
      if (path === '/projects?limit=40') return projectPage([villa], 2, 'next');
      if (path === '/projects?limit=40&cursor=next') return projectPage([loft], 2);
      throw new Error(`unexpected ${path}`);
    });
    renderPage();
    await screen.findByRole('link', { name: 'Villa des Pins' });
    act(() => showObserved());
    expect(await screen.findByRole('link', { name: 'Loft Bastille' })).toBeInTheDocument();
  });

  it('Editer edits the project in the creation form and saves it with PATCH', async () => {
    let saved: Project = villa;
    mockApi.mockImplementation(async (path, options) => {
      if (options?.method === 'PATCH') {
        saved = { ...villa, ...(options.body as Partial<Project>), updatedAt: '2026-03-09T08:00:00.000Z' };
        return saved;
      }
      if (path === '/projects?limit=40') return projectPage([saved, loft]);
      throw new Error(`unexpected ${path}`);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editer Villa des Pins' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le projet' });
    expect(within(dialog).getByLabelText(/Nom du projet/)).toHaveValue('Villa des Pins');
    expect(within(dialog).getByLabelText('Superficie (m²)')).toHaveValue('140');
    expect(within(dialog).getByLabelText('Type de bien')).toHaveValue('house');

    // Same rules as the creation.
    await user.clear(within(dialog).getByLabelText(/Nom du projet/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Le nom du projet est requis.')).toBeInTheDocument();
    expect(mockApi.mock.calls.some(([, options]) => options?.method === 'PATCH')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Nom du projet/), 'Villa des Dunes');
    await user.clear(within(dialog).getByLabelText('Superficie (m²)'));
    await user.selectOptions(within(dialog).getByLabelText('Type de bien'), 'Non précisé');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(mockApi).toHaveBeenCalledWith('/projects/p1', {
      method: 'PATCH',
      body: {
        name: 'Villa des Dunes',
        description: 'Maison familiale avec jardin',
        address: '12 chemin des Pins, Arcachon',
        size: null,
        type: null,
      },
    });
    expect(await screen.findByText('Projet mis à jour')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Villa des Dunes' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Modifier le projet' })).not.toBeInTheDocument();
  });

  it('Supprimer asks first, saying the images stay unclassified, then removes the row', async () => {
    let deleted = false;
    mockApi.mockImplementation(async (path, options) => {
      if (options?.method === 'DELETE' && path === '/projects/p1') {
        deleted = true;
        return undefined;
      }
      if (path === '/projects?limit=40') return projectPage(deleted ? [loft] : [villa, loft]);
      throw new Error(`unexpected ${options?.method} ${path}`);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Villa des Pins' }));
    const confirm = screen.getByRole('dialog', { name: 'Supprimer le projet «\u00A0Villa des Pins\u00A0»\u00A0?' });
    expect(confirm).toHaveTextContent(/Ses 2 images ne sont pas supprimées/);
    // jest-dom collapses the no-break spaces of French typography too.
    expect(confirm).toHaveTextContent('elles seront déplacées dans « Images non classées ».');
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Supprimer Villa des Pins' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Projet supprimé')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Villa des Pins' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Loft Bastille' })).toBeInTheDocument();
  });

  it('shows a plain member Editer and Supprimer on their own projects only; the owner on every one', async () => {
    const colleagues = makeProject({ id: 'p3', name: 'Duplex Opéra', userId: 'user-2' });
    mockApi.mockResolvedValue(projectPage([villa, colleagues]));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Editer Villa des Pins' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer Villa des Pins' })).toBeInTheDocument();
    expect(within(rowOf('Duplex Opéra')).queryAllByRole('button')).toEqual([]);
  });

  it('a project without images says so in the confirmation', async () => {
    mockApi.mockResolvedValue(projectPage([loft]));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Loft Bastille' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Ce projet ne contient aucune image.');
  });
});
