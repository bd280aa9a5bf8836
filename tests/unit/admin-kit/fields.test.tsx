// The kit's SPEC fields where they do more than show a value: ShowLinkField's targets and texts.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { ShowLinkField } from '../../../src/admin-kit/fields';
import { fakeDataProvider, renderInAdmin } from '../support/renderInAdmin';

interface Run {
  id: number;
  status: string;
  source: { id: number; name: string } | null;
  kind: string;
}

const run = (id: number, change: Partial<Run> = {}): Run => ({
  id,
  status: 'DONE',
  source: { id: 3, name: 'Source 3' },
  kind: 'api',
  ...change,
});

function renderField(record: Run, field: React.ReactElement) {
  return renderInAdmin(
    <ResourceContextProvider value="runs">
      <RecordContextProvider value={record}>{field}</RecordContextProvider>
    </ResourceContextProvider>,
    { dataProvider: fakeDataProvider() },
  );
}

const sourcePath = (record: Pick<Run, 'source'>) => (record.source ? `/sources/${record.source.id}` : undefined);

describe('ShowLinkField', () => {
  it('links the value to the SPEC detail route /{resource}/{id}, its empty text too', () => {
    const { unmount } = renderField(run(7), <ShowLinkField source="status" />);
    expect(screen.getByRole('link', { name: 'DONE' })).toHaveAttribute('href', '/runs/7');
    unmount();
    renderField(run(8, { status: '' }), <ShowLinkField source="status" emptyText="app.value.not_available" />);
    expect(screen.getByRole('link', { name: 'N/A' })).toHaveAttribute('href', '/runs/8');
  });

  it("opens the detail at its top: the link asks react-admin's layout to scroll to the top", async () => {
    const view = renderField(run(7), <ShowLinkField source="status" />);
    screen.getByRole('link', { name: 'DONE' }).click();
    await vi.waitFor(() => expect(view.location().pathname).toBe('/runs/7'));
    expect(view.location().state).toEqual({ _scrollToTop: true });
  });

  it('links where `to` says, and shows the text unlinked when `to` gives no target', () => {
    const { unmount } = renderField(run(7), <ShowLinkField source="source.name" to={sourcePath} emptyText="app.value.not_available" />);
    expect(screen.getByRole('link', { name: 'Source 3' })).toHaveAttribute('href', '/sources/3');
    unmount();
    renderField(run(8, { source: null }), <ShowLinkField source="source.name" to={sourcePath} emptyText="app.value.not_available" />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows what `text` gives instead of the value, or the empty text', () => {
    const labels: Record<string, string> = { api: 'Network API' };
    const { unmount } = renderField(run(7), <ShowLinkField<Run> source="kind" text={(record) => labels[record.kind]} />);
    expect(screen.getByRole('link', { name: 'Network API' })).toHaveAttribute('href', '/runs/7');
    unmount();
    renderField(
      run(8, { kind: 'mail' }),
      <ShowLinkField<Run> source="kind" text={(record) => labels[record.kind]} emptyText="app.value.not_available" />,
    );
    expect(screen.getByRole('link', { name: 'N/A' })).toHaveAttribute('href', '/runs/8');
  });
});
