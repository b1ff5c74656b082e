import { render, screen, within } from '@testing-library/react';
import { ActionsCell, DataCell, DataTable, SkeletonRows } from '../data-table';

const columns = [
  { key: 'name', header: 'Nom' },
  { key: 'actions', header: 'Actions', align: 'end' },
] as const;

describe('DataTable', () => {
  it('is named by its heading, with column headers and rows', () => {
    render(
      <>
        <h2 id="membres">Membres</h2>
        <DataTable columns={columns} labelledBy="membres" footer={<p>Pied</p>}>
          <tr>
            <DataCell>Alice</DataCell>
            <ActionsCell>
              <button type="button">Supprimer</button>
            </ActionsCell>
          </tr>
        </DataTable>
      </>,
    );
    const table = screen.getByRole('table', { name: 'Membres' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nom', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: 'Alice' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(screen.getByText('Pied')).toBeInTheDocument();
  });

  it('shows placeholder rows, one placeholder per cell, and says it is busy', () => {
    render(
      <DataTable columns={columns} busy>
        <SkeletonRows count={3} cells={[<span key="a">…</span>, <span key="b">…</span>]} />
      </DataTable>,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    const rows = screen.getAllByTestId('row-skeleton');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole('cell')).toHaveLength(2);
  });
});
