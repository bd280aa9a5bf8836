import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAGER_WINDOW } from '../constants';
import { lastPageOf, pagerWindow } from '../admin-kit/list/pagerWindow';

/** First, Previous, a window of PAGER_WINDOW pages each side of the current one, Next, Last. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  const last = lastPageOf(total, pageSize);
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
      <Button size="small" disabled={onFirst} onClick={() => onPage(1)}>
        {translate('app.list.first_page')}
      </Button>
      <Button size="small" disabled={onFirst} onClick={() => onPage(Math.min(page, last) - 1)}>
        {translate('app.list.previous_page')}
      </Button>
      {pagerWindow(page, last, PAGER_WINDOW).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={translate('app.list.go_to_page', { page: number })}
          onClick={() => onPage(number)}
          sx={{ minWidth: 36 }}
        >
          {number}
        </Button>
      ))}
      <Button size="small" disabled={onLast} onClick={() => onPage(page + 1)}>
        {translate('app.list.next_page')}
      </Button>
      <Button size="small" disabled={onLast} onClick={() => onPage(last)}>
        {translate('app.list.last_page')}
      </Button>
    </Stack>
  );
}
