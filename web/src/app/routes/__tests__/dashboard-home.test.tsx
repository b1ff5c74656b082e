import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { User } from '@vitrine/shared';
import { ApiError } from '../../../lib/api-error';
import { makeProject, projectPage } from '../../../testing/gallery-data';
import { makeUser } from '../../../testing/billing-data';
import { Component as DashboardHomeRoute } from '../dashboard-home';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({ api: (path: string, options?: Call) => mockApi(path, options) }));

let mockUser: User | undefined;
jest.mock('../../../lib/session', () => ({ useUser: () => ({ data: mockUser }) }));

const PROJECTS = '/projects?limit=10';
const STATS = '/images/stats/total-transformed';

function renderHome() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardHomeRoute />
      </MemoryRouter>
    </SWRConfig>,
  );
}

beforeEach(() => {
  mockApi.mockReset();
  mockUser = makeUser({
    firstName: 'Camille',
    organization: { id: 'org-1', name: 'Agence du Port', creditBalance: 42 },
  });
});

describe('/dashboard home', () => {
  it('asks nothing of the organization endpoints for someone in no organization, and shows no error (issue 22)', async () => {
    mockUser = makeUser({ firstName: 'Camille', organization: null });
    mockApi.mockRejectedValue(new ApiError(403, 'Utilisateur non associé à une organisation...'));
    renderHome();
    expect(await screen.findByText('Aucun projet récent à afficher...')).toBeInTheDocument();
    expect(screen.queryByText(/Impossible de charger/)).not.toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalled();
  });

  it('welcomes the user, leads to the projects with New project, and fills the four cards', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    mockApi.mockImplementation(async (path) => {
      if (path === STATS) return { total: 17, lastActivityAt: fiveMinutesAgo };
      if (path === PROJECTS) return projectPage([makeProject()], 12, 'next');
      throw new Error(`unexpected ${path}`);
    });
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue, Camille\u00A0!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouveau projet' })).toHaveAttribute('href', '/dashboard/projects');

    const stats = screen.getByRole('region', { name: 'Votre activité' });
    const value = (label: string) => within(stats).getByText(label).parentElement?.querySelector('dd');
    expect(await within(stats).findByText('17')).toBeInTheDocument();
    expect(value('Images transformées')).toHaveTextContent('17');
    // Active projects: the organization's count from the list call (ProjectPage.total), not the page's length.
    expect(value('Projets actifs')).toHaveTextContent('12');
    expect(value('Crédits restants')).toHaveTextContent('42');
    expect(value('Dernière activité')?.textContent?.replace(/\s/g, ' ')).toBe('il y a 5 minutes');
  });

  it('shows 5 project-card skeletons while loading, then the recent projects, each opening its project', async () => {
    let answer!: (value: unknown) => void;
    mockApi.mockImplementation((path) =>
      path === PROJECTS
        ? new Promise((resolve) => (answer = resolve))
        : Promise.resolve({ total: 0, lastActivityAt: null }),
    );
    const user = userEvent.setup();
    renderHome();
    expect(screen.getAllByTestId('project-card-skeleton')).toHaveLength(5);
    expect(await screen.findByText('Aucune activité')).toBeInTheDocument();

    await act(async () => answer(projectPage([makeProject(), makeProject({ id: 'p2', name: 'Loft Bastille' })])));
    const recent = screen.getByRole('region', { name: 'Projets récents' });
    expect(within(recent).getByRole('link', { name: /Villa des Pins/ })).toHaveAttribute(
      'href',
      '/dashboard/projects/p1',
    );
    expect(within(recent).getByRole('link', { name: 'Voir tous les projets' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );

    // Grid by default, list on demand.
    expect(within(recent).getByRole('button', { name: 'Grille' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(recent).getByRole('button', { name: 'Liste' }));
    const loft = within(recent).getByRole('link', { name: /Loft Bastille/ });
    expect(loft).toHaveAttribute('href', '/dashboard/projects/p2');
    expect(loft).toHaveTextContent('2 mars 2026');
  });

  it('says when there is no project yet', async () => {
    mockApi.mockImplementation(async (path) =>
      path === PROJECTS ? projectPage([]) : { total: 0, lastActivityAt: null },
    );
    renderHome();
    expect(await screen.findByText('Aucun projet récent à afficher...')).toBeInTheDocument();
  });

  it('says when the projects cannot be loaded, and N/A where a figure is missing', async () => {
    mockApi.mockRejectedValue(new ApiError(500, ''));
    renderHome();
    expect(
      await screen.findByText('Impossible de charger les projets. Veuillez réessayer plus tard.'),
    ).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Votre activité' });
    // Images, projects and last activity; the credits come with the profile.
    expect(await within(stats).findAllByText('N/A')).toHaveLength(3);
  });
});
