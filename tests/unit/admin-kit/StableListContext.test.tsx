// The list context re-provided by <SpecList> (src/admin-kit/list/StableListContext.tsx): its
// consumers render again only when a value in it changed, and its functions run the latest one.
import { render, screen } from '@testing-library/react';
import { type ListControllerResult, ListContextProvider, useListContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { StableListContext } from '../../../src/admin-kit/list/StableListContext';

let renders = 0;

function Consumer() {
  const list = useListContext();
  renders += 1;
  return (
    <button type="button" onClick={() => list.setPage(2)}>
      page {list.page} of {list.total}
    </button>
  );
}

// stable children, as <SpecList> gives them: only the context can make the consumer render again
const consumer = <Consumer />;

const rows = [{ id: 1 }];
const listOf = (page: number, setPage: (page: number) => void) =>
  ({ page, total: 30, data: rows, setPage, onSelect: () => undefined }) as unknown as ListControllerResult;

function Harness({ list }: { list: ListControllerResult }) {
  return (
    <ListContextProvider value={list}>
      <StableListContext>{consumer}</StableListContext>
    </ListContextProvider>
  );
}

describe('StableListContext', () => {
  it('keeps its value while nothing in it changed, and calls the latest functions', () => {
    renders = 0;
    const first = vi.fn();
    const view = render(<Harness list={listOf(1, first)} />);
    expect(renders).toBe(1);

    // a new context object with the same values and new functions: no render below
    const latest = vi.fn();
    view.rerender(<Harness list={listOf(1, latest)} />);
    expect(renders).toBe(1);
    screen.getByRole('button').click();
    expect(latest).toHaveBeenCalledWith(2);
    expect(first).not.toHaveBeenCalled();

    // a value changed: its consumers see it
    view.rerender(<Harness list={listOf(2, latest)} />);
    expect(renders).toBe(2);
    expect(screen.getByRole('button').textContent).toBe('page 2 of 30');
  });
});
