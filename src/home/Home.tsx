// / (SPEC §1, §2 Home): where to start. Crowdsourcing users only have notifications;
// everyone else gets profiles, data sources and rules — as the entities declare (homeTiles.ts).
import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { errorMessage } from '../../dataProvider/errors';
import { useCurrentUser } from '../auth/useCurrentUser';
import { registry } from '../registry';
import { HomeTile } from './HomeTile';
import { homeTilesOf } from './homeTiles';

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
        {homeTilesOf(registry, user).map(({ resource, to, icon }) => (
          <Grid key={resource} size={{ xs: 12, md: 4 }}>
            <HomeTile
              to={to}
              icon={icon}
              title={translate(`resources.${resource}.home.title`)}
              text={translate(`resources.${resource}.home.text`)}
            />
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
