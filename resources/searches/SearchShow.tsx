// /searches/{id}: a saved search's detail (issue 18, saved-search alerts) — its name, its query told
// as filters with 'Open in Profiles', and its alerts: the watch switch, then (while watched) the
// priority and delivery, saved as they are chosen, and where the watch stands.
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/ManageSearch';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SavedSearch } from '../../types/api';
import { formatDateTime } from '../../src/format';
import { DateTimeField } from '../../src/admin-kit/fields';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { QueryFilters } from './QueryFilters';
import { profilesPathOf } from './SearchList';
import { useSearchUpdate, type AlertSettings } from './useSearchUpdate';
import { WatchSwitch } from './WatchSwitch';

const PRIORITIES: SavedSearch['priority'][] = ['High', 'Medium', 'Low'];
const NOTIFICATION_TYPES: SavedSearch['notification_type'][] = ['Email', 'Slack'];

export function SearchShow() {
  return (
    <SpecShow<SavedSearch>
      resource="searches"
      title="resources.searches.show_title"
      actions={(search) => <OpenInProfiles search={search} />}
    >
      <SpecShowLayout>
        <DateTimeField source="created_at" label="resources.searches.fields.created_at" />
        <DateTimeField source="updated_at" label="resources.searches.fields.updated_at" />
      </SpecShowLayout>
      <ShowSection title="resources.searches.sections.query" sx={{ mt: 2 }}>
        <QueryFilters />
      </ShowSection>
      <ShowSection title="resources.searches.sections.alerts" sx={{ mt: 3 }}>
        <SearchAlerts />
      </ShowSection>
    </SpecShow>
  );
}

function OpenInProfiles({ search }: { search: SavedSearch }) {
  const translate = useTranslate();
  return (
    <Button variant="contained" component={RouterLink} to={profilesPathOf(search)} startIcon={<OpenInNewIcon />}>
      {translate('resources.searches.open_in_profiles')}
    </Button>
  );
}

/** The switch; while watched, the priority and delivery, and where the watch stands. */
function SearchAlerts() {
  const translate = useTranslate();
  const search = useRecordContext<SavedSearch>();
  const { save, saving, error } = useSearchUpdate(search);
  if (!search) return null;
  const select = (field: keyof AlertSettings & ('priority' | 'notification_type'), choices: string[]) => (
    <TextField
      select
      size="small"
      sx={{ minWidth: 180 }}
      label={translate(`resources.searches.fields.${field}`)}
      value={search[field]}
      disabled={saving}
      onChange={(event) => save({ [field]: event.target.value })}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <WatchSwitch search={search} />
        <Typography variant="body2">{translate('resources.searches.watch.text')}</Typography>
      </Stack>
      {search.watched && (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {select('priority', PRIORITIES)}
            {select('notification_type', NOTIFICATION_TYPES)}
          </Stack>
          {error && (
            <Typography role="alert" variant="body2" color="error">
              {error}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{watchState(search, translate)}</Typography>
            {/* muting and unmuting are the mute action's (POST /searches/{id}/mute/): its button goes beside this chip */}
            {search.muted && <Chip size="small" color="warning" label={translate('resources.searches.state.muted')} />}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** 'Watching since …; the next retrieval records who matches' before the baseline, then what it alerts on. */
export function watchState(search: SavedSearch, translate: (key: string, options?: object) => string): string {
  if (search.baseline_at === null) {
    return search.watched_at
      ? translate('resources.searches.state.waiting_since', { since: formatDateTime(search.watched_at) })
      : translate('resources.searches.state.waiting');
  }
  return translate('resources.searches.state.watching');
}
