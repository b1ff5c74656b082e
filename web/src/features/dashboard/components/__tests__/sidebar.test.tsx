import type { User } from '@vitrine/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SIDEBAR_STORAGE_KEY, useSidebarCollapsed } from '../../hooks/use-sidebar-collapsed';
import { SidebarContent } from '../sidebar';

function makeUser(overrides: { isOrganization?: boolean; credits?: number | null; plan?: string } = {}): User {
  const { isOrganization = false, credits = 42, plan = 'Mandataire' } = overrides;
  return {
    id: 'u1',
    email: 'agent@exemple.fr',
    emailVerified: true,
    firstName: 'Camille',
    lastName: 'Martin',
    phoneNumber: '+33612345678',
    roles: ['org_owner'],
    organizationId: credits === null ? null : 'o1',
    organization:
      credits === null
        ? null
        : {
            id: 'o1',
            name: 'Agence',
            stripeCustomerId: null,
            creditBalance: credits,
            subscription: {
              status: 'active',
              currentPeriodEnd: null,
              price: {
                id: 'p1',
                name: plan,
                description: '',
                amount: 2900,
                currency: 'eur',
                interval: 'month',
                stripePriceId: null,
                credits: 30,
                features: [],
                is_organization: isOrganization,
              },
            },
          },
    subscription: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderSidebar(user: User | undefined, onLogout = jest.fn()) {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <SidebarContent user={user} onLogout={onLogout} />
    </MemoryRouter>,
  );
  return onLogout;
}

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Navigation du tableau de bord' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('SidebarContent', () => {
  it('lists the entries in the spec order, without Organisation for an individual plan', () => {
    renderSidebar(makeUser());
    expect(navLabels()).toEqual([
      ['Accueil', '/dashboard'],
      ['Mes Projets', '/dashboard/projects'],
      ['Upload', '/dashboard/upload'],
      ['Transformations', '/dashboard/images'],
      ['Liens de partage', '/dashboard/partages'],
      ['Paramètres', '/dashboard/settings'],
    ]);
  });

  it('shows Organisation before Paramètres for an organization plan', () => {
    renderSidebar(makeUser({ isOrganization: true, plan: 'Agence' }));
    expect(navLabels().map(([label]) => label)).toEqual([
      'Accueil',
      'Mes Projets',
      'Upload',
      'Transformations',
      'Liens de partage',
      'Organisation',
      'Paramètres',
    ]);
    expect(screen.getByText('Agence')).toBeInTheDocument();
  });

  it('marks the current page', () => {
    renderSidebar(makeUser());
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mes Projets' })).not.toHaveAttribute('aria-current');
  });

  it('shows the credit balance and plan, or N/A without an organization', () => {
    renderSidebar(makeUser({ credits: 7 }));
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('7');
    expect(screen.getByText('Mandataire')).toBeInTheDocument();
  });

  it('shows N/A and no plan without an organization', () => {
    renderSidebar(makeUser({ credits: null }));
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('N/A');
    expect(screen.queryByText('Mandataire')).not.toBeInTheDocument();
  });

  it('links the logo to the site root and signs out from the logout button', async () => {
    const onLogout = renderSidebar(makeUser());
    expect(screen.getByRole('link', { name: 'Vitrine, accueil' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

function CollapsibleSidebar() {
  const [collapsed, toggle] = useSidebarCollapsed();
  return (
    <MemoryRouter>
      <SidebarContent user={makeUser()} collapsed={collapsed} onToggleCollapse={toggle} onLogout={jest.fn()} />
    </MemoryRouter>
  );
}

describe('sidebar collapse', () => {
  beforeEach(() => window.localStorage.clear());

  it('collapses to icons with a French toggle and remembers the state', async () => {
    const { unmount } = render(<CollapsibleSidebar />);
    const toggle = screen.getByRole('button', { name: 'Réduire la barre latérale' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Déployer la barre latérale' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Labels stay available to assistive technologies while hidden visually.
    expect(screen.getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');

    unmount();
    render(<CollapsibleSidebar />);
    expect(screen.getByRole('button', { name: 'Déployer la barre latérale' })).toBeInTheDocument();
  });
});
