import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumb } from '../breadcrumb';
import { Skeleton, SkeletonGroup } from '../skeleton';
import { Table } from '../table';
import { ViewToggle, type ViewMode } from '../view-toggle';

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

describe('Skeleton', () => {
  it('is one loading status for assistive technology', () => {
    const { container } = render(
      <SkeletonGroup>
        <Skeleton />
        <Skeleton className="h-8 w-8 rounded-full" />
      </SkeletonGroup>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
  });
});

describe('Table', () => {
  const columns = [
    { key: 'name', header: 'Nom', cell: (row: { id: string; name: string }) => row.name },
    { key: 'id', header: 'Identifiant', cell: (row: { id: string; name: string }) => row.id },
  ];

  it('renders headers and rows with a caption', () => {
    render(
      <Table caption="Membres" columns={columns} rows={[{ id: 'u1', name: 'Camille' }]} rowKey={(row) => row.id} />,
    );
    const table = screen.getByRole('table', { name: 'Membres' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Identifiant']);
    expect(within(table).getByRole('row', { name: 'Camille u1' })).toBeInTheDocument();
  });

  it('shows the empty message', () => {
    render(
      <Table caption="Membres" columns={columns} rows={[]} rowKey={(row) => row.id} emptyMessage="Aucun membre." />,
    );
    expect(screen.getByRole('cell', { name: 'Aucun membre.' })).toHaveAttribute('colspan', '2');
  });
});

describe('ViewToggle', () => {
  function Harness() {
    const [mode, setMode] = useState<ViewMode>('grid');
    return <ViewToggle value={mode} onChange={setMode} />;
  }

  it('switches between grid and list with pressed states', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Affichage' });
    const grid = within(group).getByRole('button', { name: 'Grille' });
    const list = within(group).getByRole('button', { name: 'Liste' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    await user.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
  });
});
