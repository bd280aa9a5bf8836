// SPEC §2/§9: the pager has First and Last buttons and a window of two pages each side of the
// current one (react-admin's <Pagination> has neither First/Last nor a fixed window). It reads
// and moves the list through react-admin's pagination context, like <Pagination>.
import { Button, Stack } from '@mui/material';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { PAGER_WINDOW } from '../../constants';
import { lastPageOf, pagerWindow } from './pagerWindow';

/** First, Previous, a window of PAGER_WINDOW pages each side of the current one, Next, Last. */
export function SpecPager() {
  const { page, perPage, total, setPage, isPending } = useListPaginationContext();
  const translate = useTranslate();
  if (isPending || total === undefined) return null;
  const last = lastPageOf(total, perPage);
  const onFirst = page <= 1;
  const onLast = page >= last;

  return (
    <Stack
      component="nav"
      aria-label={translate('app.list.pagination')}
      direction="row"
      spacing={0.5}
      sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', py: 1 }}
    >
      <Button size="small" disabled={onFirst} onClick={() => setPage(1)}>
        {translate('app.list.first_page')}
      </Button>
      <Button size="small" disabled={onFirst} onClick={() => setPage(Math.min(page, last) - 1)}>
        {translate('app.list.previous_page')}
      </Button>
      {pagerWindow(page, last, PAGER_WINDOW).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={translate('app.list.go_to_page', { page: number })}
          onClick={() => setPage(number)}
          sx={{ minWidth: 36 }}
        >
          {number}
        </Button>
      ))}
      <Button size="small" disabled={onLast} onClick={() => setPage(page + 1)}>
        {translate('app.list.next_page')}
      </Button>
      <Button size="small" disabled={onLast} onClick={() => setPage(last)}>
        {translate('app.list.last_page')}
      </Button>
    </Stack>
  );
}
