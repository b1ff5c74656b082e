import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumb } from '../breadcrumb';

describe('Breadcrumb', () => {
  it('links the parents and marks the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumb items={[{ label: 'Mes Projets', to: '/dashboard/projects' }, { label: 'Maison de ville' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(nav).getByRole('link', { name: 'Mes Projets' })).toHaveAttribute('href', '/dashboard/projects');
    expect(within(nav).getByText('Maison de ville')).toHaveAttribute('aria-current', 'page');
  });
});
