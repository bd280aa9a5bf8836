// / (SPEC §1, §2 Home): where to start. Crowdsourcing users only have notifications;
// everyone else gets profiles, data sources and rules.
import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import PersonSearch from '@mui/icons-material/PersonSearch';
import CloudDownload from '@mui/icons-material/CloudDownload';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Rule from '@mui/icons-material/Rule';
import { Title, useTranslate } from 'react-admin';
import { errorMessage } from '../../dataProvider/errors';
import { useCurrentUser } from '../auth/useCurrentUser';
import { HomeTile, type HomeTileProps } from './HomeTile';

type Tile = Omit<HomeTileProps, 'title' | 'text'> & { key: string };

const STANDARD_TILES: Tile[] = [
  { key: 'profiles', to: '/profiles', icon: PersonSearch },
  { key: 'data_sources', to: '/data-sources', icon: CloudDownload },
  { key: 'rules', to: '/rule-sets', icon: Rule },
];

const CROWDSOURCING_TILES: Tile[] = [{ key: 'notifications', to: '/notifications', icon: NotificationsActive }];

export function Home() {
  const translate = useTranslate();
  const { user, isPending, error } = useCurrentUser();
  const title = translate('app.home.title');

  let content: ReactNode;
  if (isPending) content = <CircularProgress aria-label={translate('ra.page.loading')} />;
  else if (error != null || !user)
    content = (
      <Alert severity="error" role="alert">
        {errorMessage(error, translate('app.errors.unknown'))}
      </Alert>
    );
  else
    content = (
      <Grid container spacing={3}>
        {(user.is_crowdsourcing ? CROWDSOURCING_TILES : STANDARD_TILES).map(({ key, ...tile }) => (
          <Grid key={key} size={{ xs: 12, md: 4 }}>
            <HomeTile {...tile} title={translate(`app.home.${key}.title`)} text={translate(`app.home.${key}.text`)} />
          </Grid>
        ))}
      </Grid>
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {content}
    </Box>
  );
}
