// The kit's detail screen (SPEC §2 detail screens, §8 load failures) on react-admin's <ShowBase>,
// rendered in <AdminContext> with a mocked dataProvider: 'Loading...', 'Error: {message}' or 'An
// unknown error occurred' in place of the screen, the title as h1 with the record's fields, the
// Edit button to the SPEC's /{resource}/{id}/update, the screen's own buttons, and the label/value
// layout that hides empty values unless they have an empty text.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@mui/material';
import { FunctionField, TextField, useRecordContext } from 'react-admin';
import { SpecShow, type SpecShowProps } from '../../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../../src/admin-kit/show/SpecShowLayout';
import { fakeDataProvider, renderInAdmin } from '../support/renderInAdmin';

interface Thing {
  id: number;
  name: string;
  location: string | null;
  notes: string;
  tags: string[];
  rating: number | null;
  size: number;
}

const thing: Thing = { id: 3, name: 'Anvil', location: null, notes: '', tags: [], rating: null, size: 0 };

function OwnButton() {
  const record = useRecordContext<Thing>();
  return <Button>Own {record?.name}</Button>;
}

// Plain texts instead of keys: the catalogue lets missing keys through as they are.
function ThingShow(props: Partial<SpecShowProps<Thing>>) {
  return (
    <SpecShow<Thing> resource="things" title="Thing %{name}" {...props}>
      <SpecShowLayout>
        <TextField source="id" label="ID" />
        <TextField source="name" label="Name" />
        <TextField source="location" label="Location" />
        <TextField source="notes" label="Notes" />
        <FunctionField<Thing> source="tags" label="Tags" render={(record) => record.tags.join(', ')} />
        <TextField source="rating" label="Rating" emptyText="N/A" />
        <TextField source="size" label="Size" />
      </SpecShowLayout>
    </SpecShow>
  );
}

const renderThing = (getOne: () => Promise<unknown>, props: Partial<SpecShowProps<Thing>> = {}) => {
  const dataProvider = fakeDataProvider({ getOne });
  return { dataProvider, ...renderInAdmin(<ThingShow {...props} />, { dataProvider, url: '/things/3', path: '/things/:id' }) };
};

describe('SpecShow', () => {
  it("says 'Loading...' while the record loads", () => {
    renderThing(() => new Promise(() => undefined));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('loads the record of the address and shows its title as the h1, the fields with a value and the empty texts', async () => {
    const { dataProvider } = renderThing(() => Promise.resolve({ data: thing }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thing Anvil' })).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith('things', expect.objectContaining({ id: '3' }));
    const terms = screen.getAllByRole('term');
    // null, '' and an empty list are hidden; 0 is a value; an empty text shows instead of nothing
    expect(terms.map((term) => term.textContent)).toEqual(['ID', 'Name', 'Rating', 'Size']);
    expect(terms.map((term) => term.nextElementSibling?.tagName)).toEqual(['DD', 'DD', 'DD', 'DD']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['3', 'Anvil', 'N/A', '0']);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('shows a FunctionField when what it renders is not empty', async () => {
    renderThing(() => Promise.resolve({ data: { ...thing, tags: ['iron', 'heavy'] } }));
    await screen.findByRole('heading', { level: 1, name: 'Thing Anvil' });
    const tags = screen.getAllByRole('term').find((term) => term.textContent === 'Tags');
    expect(tags?.nextElementSibling?.textContent).toBe('iron, heavy');
  });

  it('has an Edit button to /{resource}/{id}/update and the screen’s own buttons, elements or functions of the record', async () => {
    const { unmount } = renderThing(() => Promise.resolve({ data: thing }), { edit: true, actions: <OwnButton /> });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/things/3/update');
    expect(screen.getByRole('button', { name: 'Own Anvil' })).toBeInTheDocument();
    unmount();
    renderThing(() => Promise.resolve({ data: thing }), { edit: 'Edit Thing', actions: (record) => <Button>Size {record.size}</Button> });
    expect(await screen.findByRole('link', { name: 'Edit Thing' })).toHaveAttribute('href', '/things/3/update');
    expect(screen.getByRole('button', { name: 'Size 0' })).toBeInTheDocument();
  });

  it("shows 'Error: {message}' in place of the screen when the record cannot be loaded, and stays", async () => {
    const { location } = renderThing(() => Promise.reject(new Error('Not found.')), { edit: true });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(location().pathname).toBe('/things/3');
  });

  it("shows 'An unknown error occurred' for a failure without a message", async () => {
    renderThing(() => Promise.reject('refused'));
    expect(await screen.findByText('An unknown error occurred')).toBeInTheDocument();
  });
});
