import type { SxProps, Theme } from '@mui/material';
import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/**
 * A screen's title, already translated: in react-admin's app bar (which otherwise
 * stays an empty heading) and as the page's h1.
 */
export function PageHeading({ title, sx }: { title: string; sx?: SxProps<Theme> }) {
  return (
    <>
      <Title title={title} preferenceKey={false} />
      <Typography variant="h5" component="h1" sx={sx}>
        {title}
      </Typography>
    </>
  );
}
