import type { ReactNode, TdHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface DataTableColumn {
  key: string;
  header: ReactNode;
  /** Actions sit at the end of their row, headed likewise. */
  align?: 'end';
  className?: string;
}

export interface DataTableProps {
  columns: readonly DataTableColumn[];
  /** The id of the heading that names the table. */
  labelledBy?: string;
  busy?: boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidthClassName?: string;
  /** The rows (`<tr>` with `DataCell`s). */
  children: ReactNode;
  /** Under the table, inside its frame: the empty text, a "load more" sentinel. */
  footer?: ReactNode;
}

/** The one table look of the dashboard: a white card, a header row, rows parted by thin lines. */
export function DataTable({ columns, labelledBy, busy, minWidthClassName, children, footer }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-card bg-white shadow-card">
      <table
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
        className={cn('w-full text-left text-sm', minWidthClassName)}
      >
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn('px-4 py-3 font-medium', column.align === 'end' && 'text-right', column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
      {footer}
    </div>
  );
}

export function DataCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3', className)} {...props} />;
}

/** The last cell of a row: its buttons, aligned to the end. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <DataCell>
      <div className="flex justify-end gap-2">{children}</div>
    </DataCell>
  );
}

/** `count` placeholder rows while the first page loads, one placeholder per cell. */
export function SkeletonRows({ count, cells }: { count: number; cells: readonly ReactNode[] }) {
  return Array.from({ length: count }, (_, row) => (
    <tr key={row} data-testid="row-skeleton">
      {cells.map((cell, index) => (
        <DataCell key={index}>{cell}</DataCell>
      ))}
    </tr>
  ));
}
