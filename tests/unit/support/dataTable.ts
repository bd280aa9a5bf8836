// Look-ups in a react-admin <DataTable> (SpecList's lists), by what a user sees: a row's
// selection box by a text of the row, a column's sort button and the header texts.
import { screen, within } from '@testing-library/react';

/** The selection box ('Select this row') of the row that shows `text`. */
export const rowCheckbox = (text: string) => within(screen.getByText(text).closest('tr') as HTMLElement).getByRole('checkbox');

/** The select-all box of the header. */
export const selectAllBox = () => screen.getByRole('checkbox', { name: 'Select all' });

/** The header cells of the table, the selection column's included. */
export const headerCells = () => screen.getAllByRole('columnheader');

/** The header cell whose text is exactly `label`. */
export function headerCell(label: string): HTMLElement {
  const cell = headerCells().find((header) => header.textContent === label);
  if (!cell) throw new Error(`no column ${label} among ${headerCells().map((header) => header.textContent)}`);
  return cell;
}

/** The sort button of the column `label` (a sortable column's header is one). */
export const sortButton = (label: string) => within(headerCell(label)).getByRole('button');

/** The texts of the cells of the row that shows `text`, the selection cell's (empty) included. */
export const rowTexts = (text: string) =>
  within(screen.getByText(text).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
