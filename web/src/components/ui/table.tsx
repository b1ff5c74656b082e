import type { ReactNode } from 'react';
import { COMMON_TEXTS } from '@vitrine/shared';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the header and body cells of this column (alignment, width, responsive hiding). */
  className?: string;
}

export interface TableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Describes the table for screen readers; shown unless `captionHidden`. */
  caption: string;
  captionHidden?: boolean;
  /** Shown in a single row when there are no rows. */
  emptyMessage?: ReactNode;
  className?: string;
}

/** Data table with a scrollable, focusable wrapper so narrow screens can reach every column. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  emptyMessage = COMMON_TEXTS.ui.tableEmpty,
  className = '',
}: TableProps<T>) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={`overflow-x-auto rounded-xl border border-ink-200 bg-white ${className}`}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className={captionHidden ? 'sr-only' : 'px-4 py-3 text-left font-semibold text-ink-900'}>
          {caption}
        </caption>
        <thead className="bg-ink-50 text-ink-600">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`px-4 py-3 font-medium ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-ink-500">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-ink-50">
                {columns.map((column) => (
                  <td key={column.key} className={`px-4 py-3 text-ink-800 ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
