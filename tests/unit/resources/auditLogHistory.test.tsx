// The kit's History link (issue 19: "an object's detail links to its history"): every detail
// (SpecShow) and update screen (SpecEdit) shows staff a 'History' button to the audit log filtered
// to that record, under the API's name of its entity; others see none, nor does an audit entry.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { type AuthProvider, TextField, TextInput } from 'react-admin';
import { OrganizationEdit } from '../../../resources/organizations/OrganizationEdit';
import { AuditLogShow } from '../../../resources/audit-log/AuditLogShow';
import { apiPathsOf, registry } from '../../../src/registry';
import { createDataProvider } from '../../../dataProvider';
import { SpecEdit } from '../../../src/admin-kit/form';
import { historyPath } from '../../../src/admin-kit/history/HistoryLink';
import { SpecShow } from '../../../src/admin-kit/show/SpecShow';
import { useCurrentUser } from '../../../src/auth/useCurrentUser';
import { fakeDataProvider, renderInAdmin } from '../support/renderInAdmin';

const authAs = (is_staff: boolean): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getIdentity: () => Promise.resolve({ id: 1, fullName: 'Ada', is_staff, is_crowdsourcing: false }),
});

/** Says when the signed-in user is known: only then does a missing History link mean anything. */
function IdentityProbe() {
  const { user } = useCurrentUser();
  return user ? <p>identity known</p> : null;
}

/** A fake dataProvider that knows the app's API paths, as the real one does. */
function dataProviderWith(getOne: () => Promise<unknown>) {
  const dataProvider = fakeDataProvider({ getOne });
  const real = createDataProvider({ resourcePaths: apiPathsOf(registry) });
  return Object.assign(dataProvider, { apiPathOf: real.apiPathOf });
}

function RuleShow() {
  return (
    <SpecShow resource="rule-sets" title="Rule %{name}" edit>
      <TextField source="name" />
    </SpecShow>
  );
}

const rule = { id: 3, name: 'Berlin moves' };

describe('History link', () => {
  it("puts staff on the record's audit trail from its detail, under the API's entity name", async () => {
    const dataProvider = dataProviderWith(() => Promise.resolve({ data: rule }));
    renderInAdmin(<RuleShow />, { dataProvider, url: '/rule-sets/3', path: '/rule-sets/:id', authProvider: authAs(true) });
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit-log?entity=rules&object_id=3');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('is not shown to anyone but staff', async () => {
    const dataProvider = dataProviderWith(() => Promise.resolve({ data: rule }));
    renderInAdmin(
      <>
        <IdentityProbe />
        <RuleShow />
      </>,
      { dataProvider, url: '/rule-sets/3', path: '/rule-sets/:id', authProvider: authAs(false) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Rule Berlin moves' })).toBeInTheDocument();
    await screen.findByText('identity known');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
  });

  it('is on every update screen too, beside its title', async () => {
    const dataProvider = dataProviderWith(() => Promise.resolve({ data: { id: 4, name: 'Acme', users: [] } }));
    renderInAdmin(<OrganizationEdit />, {
      dataProvider,
      url: '/organizations/4/update',
      path: '/organizations/:id/update',
      authProvider: authAs(true),
    });
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute('href', '/audit-log?entity=organizations&object_id=4');
  });

  it('is not on an update screen for others', async () => {
    const dataProvider = dataProviderWith(() => Promise.resolve({ data: { id: 4, name: 'Acme' } }));
    renderInAdmin(
      <>
        <IdentityProbe />
        <SpecEdit resource="organizations" title="Edit" failureMessage="failed" fetchFailureMessage="fetch failed">
          <TextInput source="name" />
        </SpecEdit>
      </>,
      { dataProvider, url: '/organizations/4/update', path: '/organizations/:id/update', authProvider: authAs(false) },
    );
    expect(await screen.findByDisplayValue('Acme')).toBeInTheDocument();
    await screen.findByText('identity known');
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
  });

  it("is not on an audit entry's own detail", async () => {
    const entry = {
      id: 2,
      created_at: '2026-11-22T14:03:05Z',
      user: 1,
      user_email: 'ada@example.com',
      action: 'update',
      entity: 'rules',
      object_id: 3,
      object_repr: 'Berlin moves',
      changes: {},
    };
    const dataProvider = dataProviderWith(() => Promise.resolve({ data: entry }));
    renderInAdmin(
      <>
        <IdentityProbe />
        <AuditLogShow />
      </>,
      { dataProvider, url: '/audit-log/2', path: '/audit-log/:id', authProvider: authAs(true) },
    );
    expect(await screen.findByText('No field changed.')).toBeInTheDocument();
    await screen.findByText('identity known');
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
  });

  it("writes the audit log's own sorted address keys", () => {
    expect(historyPath('data-sources', 12)).toBe('/audit-log?entity=data-sources&object_id=12');
    expect(createDataProvider({ resourcePaths: apiPathsOf(registry) }).apiPathOf('rule-sets')).toBe('/api/v1/rules');
  });
});
