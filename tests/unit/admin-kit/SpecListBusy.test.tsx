// SpecList keeps the rows of the previous query on screen while the next page, order or
// filter loads (react-admin's placeholder data); the table says so with aria-busy, so that
// assistive technology (and the e2e tests) know when its rows are those of the address.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from 'react-admin';
import { SpecList } from '../../../src/admin-kit/list/SpecList';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const things = (from: number) => [from, from + 1].map((id) => ({ id, name: `Thing ${id}` }));

describe('SpecList busy table', () => {
  it('is busy while the first page loads and while the next page replaces the shown rows', async () => {
    const user = userEvent.setup();
    let answerNext: (answer: { data: unknown[]; total: number }) => void = () => undefined;
    const dataProvider = fakeDataProvider({
      getList: (_resource: string, { pagination }: { pagination: { page: number } }) =>
        pagination.page === 1 ? page(things(1), 23) : new Promise((resolve) => (answerNext = resolve)),
    });
    renderInAdmin(
      <SpecList resource="things" title="Things" subtitle="There are %{count} things">
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="name" label="Name" />
        </DataTable>
      </SpecList>,
      { dataProvider, url: '/things', path: '/things' },
    );
    expect(await screen.findByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByText('Thing 1');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Things' })).not.toHaveAttribute('aria-busy'));

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Thing 1')).toBeInTheDocument();
    answerNext({ data: things(11), total: 23 });
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: 'Things' })).not.toHaveAttribute('aria-busy'));
  });
});
