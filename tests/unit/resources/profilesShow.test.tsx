import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ProfileShow } from '../../../resources/profiles/ProfileShow';
import { ProfileConnections } from '../../../resources/profiles/ProfileConnections';
import { proxiedImageUrl } from '../../../resources/profiles/imageProxy';
import type { Profile, User } from '../../../types/api';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { profile, signedInAs, user } from './profilesSupport';

const staff = user({ id: 1, email: 'staff@example.com', is_staff: true });
const normal = user();

function renderProfile(viewer: User, shown: Profile = profile(5)) {
  const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: shown }), getList: () => page([], 0) });
  return renderInAdmin(<ProfileShow />, {
    dataProvider,
    url: `/profiles/${shown.id}`,
    path: '/profiles/:id',
    authProvider: signedInAs(viewer),
  });
}

/** The definition (value) next to a term (label) of a section. */
function definitionOf(section: HTMLElement, term: string): string | null {
  const label = within(section).queryByText(term, { selector: 'dt' });
  return label?.nextElementSibling?.textContent ?? null;
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;

describe('ProfileShow for staff', () => {
  it('has the four buttons, FS Rating included', async () => {
    renderProfile(staff);
    expect(await screen.findByRole('link', { name: 'Add/Update FS Rating' })).toHaveAttribute('href', '/profiles/5/app-rating');
    expect(screen.getByRole('link', { name: 'Add/Update Profile Rating' })).toHaveAttribute('href', '/profiles/5/profile-rating');
    expect(screen.getByRole('link', { name: 'Add/Update Comment' })).toHaveAttribute('href', '/profiles/5/comment');
    expect(screen.getByRole('link', { name: 'View Connections' })).toHaveAttribute('href', '/profiles/5/connections');
  });

  it('shows the FS Rating and the User Rating, and every comment labelled by its email', async () => {
    renderProfile(staff);
    await screen.findByRole('link', { name: 'Add/Update FS Rating' });
    const rating = section('Rating');
    expect(definitionOf(rating, 'FS Rating')).toBe('8.5');
    expect(definitionOf(rating, 'User Rating')).toBe('6.25');
    const comments = section('Comments');
    expect(within(comments).getByText('staff@example.com')).toBeInTheDocument();
    expect(within(comments).getByText('Strong candidate.')).toBeInTheDocument();
    expect(within(comments).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(comments).getByText('Met at a meetup.')).toBeInTheDocument();
  });
});

describe('ProfileShow for a normal user', () => {
  it('has no FS Rating button but shows the FS Rating and the User Rating, and only the first comment without email', async () => {
    renderProfile(normal);
    await screen.findByRole('link', { name: 'Add/Update Profile Rating' });
    expect(screen.queryByRole('link', { name: 'Add/Update FS Rating' })).not.toBeInTheDocument();
    const rating = section('Rating');
    expect(definitionOf(rating, 'FS Rating')).toBe('8.5');
    expect(definitionOf(rating, 'User Rating')).toBe('6.25');
    const comments = section('Comments');
    expect(within(comments).getByText('Strong candidate.')).toBeInTheDocument();
    expect(within(comments).queryByText('Met at a meetup.')).not.toBeInTheDocument();
    expect(within(comments).queryByText('staff@example.com')).not.toBeInTheDocument();
  });

  it("says 'No comments' when there is none, and N/A for missing ratings", async () => {
    renderProfile(normal, profile(5, { comments: [], app_rating: null, profile_rating: null, tech_rating: null }));
    await screen.findByRole('link', { name: 'Add/Update Profile Rating' });
    expect(within(section('Comments')).getByText('No comments')).toBeInTheDocument();
    expect(definitionOf(section('Rating'), 'FS Rating')).toBe('N/A');
    expect(definitionOf(section('Rating'), 'User Rating')).toBe('N/A');
    expect(definitionOf(section('AI Annotation'), 'Tech Rating')).toBe('N/A');
  });
});

describe('ProfileShow content', () => {
  it('shows Basic Info and the AI annotation with nationalities by name and percentage', async () => {
    renderProfile(normal);
    expect(await screen.findByRole('heading', { name: 'First5 Last5' })).toBeInTheDocument();
    const basic = section('Basic Info');
    expect(definitionOf(basic, 'Data Sources')).toBe('Berlin founders, Public AI list');
    expect(definitionOf(basic, 'Email')).toBeNull();
    const annotation = section('AI Annotation');
    expect(definitionOf(annotation, 'Age')).toBe('34');
    expect(definitionOf(annotation, 'Gender')).toBe('Female');
    expect(definitionOf(annotation, 'Nationalities')).toBe('Germany (DE) 72%, Austria (AT) 28%');
    expect(definitionOf(annotation, 'Summary')).toBe('Builds data tools.');
    expect(definitionOf(annotation, 'Leadership Experience Rating')).toBe('5.25');
    expect(definitionOf(annotation, 'Entrepreneurial Intent Rating')).toBe('3');
  });

  it("shows the ten lists, '-' for the empty ones and no empty item field", async () => {
    renderProfile(normal);
    await screen.findByRole('heading', { name: 'Education' });
    const headings = [
      'Education',
      'Jobs',
      'Skills',
      'Courses',
      'Languages',
      'Projects',
      'Publications',
      'Licenses',
      'Recommendations',
      'Interests',
    ];
    for (const name of headings) expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    const education = section('Education');
    expect(within(education).getByRole('listitem')).toHaveTextContent('School: TU Berlin');
    expect(within(education).getByRole('listitem')).toHaveTextContent('Field of Study: Computer Science');
    expect(within(education).queryByText(/Degree/)).not.toBeInTheDocument();
    expect(within(education).queryByText(/School Location/)).not.toBeInTheDocument();
    expect(within(section('Jobs')).getByRole('listitem').textContent).toBe('Job Title: CTO · Company: Acme · Start Date: 2020');
    for (const name of ['Courses', 'Projects', 'Publications', 'Licenses', 'Recommendations', 'Interests']) {
      expect(within(section(name)).queryByRole('listitem')).not.toBeInTheDocument();
      expect(within(section(name)).getByText('-')).toBeInTheDocument();
    }
  });

  it('loads the photo through the image proxy at 150×150, and shows the initials without one', async () => {
    const { unmount } = renderProfile(normal, profile(5, { image_url: 'https://cdn.example.com/a b.jpg' }));
    const image = await screen.findByRole('img', { name: 'Photo of First5 Last5' });
    expect(image).toHaveAttribute('src', 'https://images.weserv.nl/?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.jpg&w=150&h=150&fit=cover');
    unmount();
    renderProfile(normal, profile(6, { first_name: 'Ada', last_name: 'Lovelace' }));
    expect(await screen.findByText('AL')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Photo of/ })).not.toBeInTheDocument();
  });

  it('fills another proxy template given at build time', () => {
    expect(proxiedImageUrl('https://x.test/p.png', 'https://proxy.test/{url}?size=150')).toBe(
      'https://proxy.test/https%3A%2F%2Fx.test%2Fp.png?size=150',
    );
  });
});

describe('ProfileConnections', () => {
  it('pages the connections of the profile, ID linking to each, without sorting', async () => {
    const dataProvider = fakeDataProvider({
      getList: () =>
        page([{ id: 9, external_id: 'https://www.linkedin.com/in/x/', first_name: 'Grace', last_name: 'Hopper', degree: 2 }], 11),
    });
    renderInAdmin(<ProfileConnections />, { dataProvider, url: '/profiles/5/connections?page=2', path: '/profiles/:id/connections' });
    expect(await screen.findByRole('link', { name: '9' })).toHaveAttribute('href', '/profiles/9');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'profiles/5/connections',
      expect.objectContaining({ pagination: { page: 2, perPage: 10 }, filter: {} }),
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['ID', 'External ID', 'First Name', 'Last Name', 'Connection Degree']);
    for (const header of headers) expect(header).not.toHaveAttribute('aria-sort');
    expect(screen.getByText('There are 11 connections')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profiles/5');
  });
});

describe('ProfileShow changes', () => {
  it('lists what retrievals and corrections changed, newest first, with the execution linked', async () => {
    const changes = [
      {
        id: 3,
        field: 'jobs',
        old_value: [{ job_title: 'CTO', company: { id: 1, name: 'Nova Labs' } }],
        new_value: [
          { job_title: 'Founder', company: { id: 2, name: 'Kite AI' } },
          { job_title: 'CTO', company: { id: 1, name: 'Nova Labs' } },
        ],
        changed_at: '2026-11-24T10:00:00Z',
        execution_id: 12,
      },
      { id: 2, field: 'tech_rating', old_value: 6, new_value: 9.5, changed_at: '2026-11-23T10:00:00Z', execution_id: null },
      { id: 1, field: 'profile', old_value: null, new_value: 'created', changed_at: '2026-11-22T10:00:00Z', execution_id: 11 },
    ];
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: profile(5) }),
      getList: (resource: string) => (resource === 'profiles/5/changes' ? page(changes, 3) : page([], 0)),
    });
    renderInAdmin(<ProfileShow />, { dataProvider, url: '/profiles/5', path: '/profiles/:id', authProvider: signedInAs(staff) });
    const table = await screen.findByRole('table', { name: 'Changes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      ['Jobs', 'CTO at Nova Labs', 'Founder at Kite AI; CTO at Nova Labs', 'Execution 12', '—'],
      ['Tech Rating', '6', '9.5', 'Staff correction', '—'],
      ['Profile', '—', 'Retrieved for the first time', 'Execution 11', '—'],
    ]);
    expect(within(table).getByRole('link', { name: 'Execution 12' })).toHaveAttribute('href', '/executions/12');
  });
});
