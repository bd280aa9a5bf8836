import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import type { User } from '../../types/api';
import type { ListFilterProps } from '../../src/admin-kit/list/types';

type UserChoice = Pick<User, 'id' | 'email'>;

/** How many users the box offers at once; typing narrows them through the API's search. */
const OFFERED = 20;
const QUIET = { retry: false, staleTime: 30_000 } as const;

/**
 * The audit log's user filter (address key `user`, a user id): an autocomplete over the users
 * list — typing asks the API's search, so every user is reachable however many there are.
 */
export function UserFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const selectedId = values.user?.[0];
  const { data: selected } = useGetOne<UserChoice>('users', { id: Number(selectedId) }, { ...QUIET, enabled: selectedId !== undefined });
  const { data: found = [], isFetching } = useGetList<UserChoice>(
    'users',
    { pagination: { page: 1, perPage: OFFERED }, sort: { field: '', order: 'ASC' }, filter: typed.trim() ? { search: typed.trim() } : {} },
    QUIET,
  );
  const value = selectedId === undefined ? null : (selected ?? { id: Number(selectedId), email: `#${selectedId}` });
  return (
    <Autocomplete<UserChoice>
      size="small"
      options={found}
      value={value}
      loading={isFetching}
      // the API has filtered already
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.email}
      isOptionEqualToValue={(option, current) => String(option.id) === String(current.id)}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      onChange={(_event, user) => onChange({ user: user ? [String(user.id)] : [] })}
      renderInput={(params) => <TextField {...params} label={translate('resources.audit-log.filter.user')} />}
      sx={{ minWidth: 220, maxWidth: 320, flex: '1 1 220px' }}
    />
  );
}
