import type { ReactNode } from 'react';

/**
 * A table of a screen: scrolls sideways inside its own region on a narrow
 * screen (the page never does), reachable by keyboard, with its caption and
 * column headers. The rows are the caller's.
 */
export function DataTable({ label, caption, columns, children }: { label: string; caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
