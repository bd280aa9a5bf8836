import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileRatingScreen } from '../../../resources/profiles/ProfileRatingScreen';
import { ProfileCommentScreen } from '../../../resources/profiles/ProfileCommentScreen';
import { ProfileShow } from '../../../resources/profiles/ProfileShow';
import { Route, Routes } from 'react-router-dom';
import { ratingProblem } from '../../../resources/profiles/ratingValidation';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import type { User } from '../../../types/api';
import { fakeDataProvider, renderInAdmin } from '../support/renderInAdmin';
import { profile, signedInAs, user } from './profilesSupport';

afterEach(() => {
  vi.useRealTimers();
});

function renderRating(kind: 'app' | 'profile', url = `/profiles/5/${kind}-rating`, overrides = {}) {
  const dataProvider = fakeDataProvider({
    getOne: () => Promise.resolve({ data: profile(5, { app_rating: null, profile_rating: null }) }),
    request: () => Promise.resolve(profile(5)),
    ...overrides,
  });
  const path = `/profiles/:id/${kind}-rating`;
  return { dataProvider, ...renderInAdmin(<ProfileRatingScreen kind={kind} />, { dataProvider, url, path }) };
}

function renderComment(viewer: User, overrides = {}) {
  const dataProvider = fakeDataProvider({
    getOne: () => Promise.resolve({ data: profile(5) }),
    request: () => Promise.resolve(profile(5)),
    ...overrides,
  });
  return {
    dataProvider,
    ...renderInAdmin(<ProfileCommentScreen />, {
      dataProvider,
      url: '/profiles/5/comment',
      path: '/profiles/:id/comment',
      authProvider: signedInAs(viewer),
    }),
  };
}

describe('rating validation', () => {
  it('wants a number from 0.00 to 10.00 with at most two decimals', () => {
    expect(ratingProblem('')).toEqual({ message: 'ra.validation.required' });
    expect(ratingProblem('abc')).toEqual({ message: 'ra.validation.number' });
    expect(ratingProblem('-0.01')).toEqual({ message: 'ra.validation.minValue', args: { min: '0.00' } });
    expect(ratingProblem('10.01')).toEqual({ message: 'ra.validation.maxValue', args: { max: '10.00' } });
    expect(ratingProblem('7.255')).toEqual({ message: 'resources.profiles.rating.two_decimals' });
    for (const fine of ['0', '0.00', '7.25', '9.99', '10', '10.00', '8.1']) expect(ratingProblem(fine)).toBeNull();
  });
});

describe('rating screens', () => {
  it('have one required number field with step 0.01 from 0.00 to 10.00', async () => {
    renderRating('profile');
    const field = await screen.findByRole('spinbutton', { name: 'User Rating' });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('step', '0.01');
    expect(field).toHaveAttribute('min', '0.00');
    expect(field).toHaveAttribute('max', '10.00');
    expect(screen.getByRole('heading', { name: 'Add/Update Profile Rating' })).toBeInTheDocument();
  });

  it('refuse an empty, too high or too precise rating without calling the API', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderRating('profile');
    const field = await screen.findByRole('spinbutton', { name: 'User Rating' });
    const save = screen.getByRole('button', { name: 'Save' });
    await ui.click(save);
    expect(screen.getByText('Required')).toBeInTheDocument();
    await ui.type(field, '10.5');
    await ui.click(save);
    expect(screen.getByText('Must be 10.00 or less')).toBeInTheDocument();
    await ui.clear(field);
    await ui.type(field, '7.255');
    await ui.click(save);
    expect(screen.getByText('Must have at most 2 decimal places')).toBeInTheDocument();
    expect(dataProvider.request).not.toHaveBeenCalled();
  });

  it('post the user rating and return to the profile', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderRating('profile');
    await ui.type(await screen.findByRole('spinbutton', { name: 'User Rating' }), '7.25');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/profiles/5/user-rating/', { profile_rating: 7.25 });
    await waitFor(() => expect(location().pathname).toBe('/profiles/5'));
  });

  it('post the FS Rating, starting from the current value', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderRating('app', '/profiles/5/app-rating', {
      getOne: () => Promise.resolve({ data: profile(5, { app_rating: 8.5 }) }),
    });
    const field = await screen.findByRole('spinbutton', { name: 'FS Rating' });
    await waitFor(() => expect(field).toHaveValue(8.5));
    await ui.clear(field);
    await ui.type(field, '0');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/profiles/5/app-rating/', { app_rating: 0 });
    await waitFor(() => expect(location().pathname).toBe('/profiles/5'));
  });

  it('leave the profile showing the answered rating at once, before any refetch', async () => {
    const ui = userEvent.setup();
    let loads = 0;
    const dataProvider = fakeDataProvider({
      // the first load answers the old profile; later ones never answer
      getOne: () => (loads++ === 0 ? Promise.resolve({ data: profile(5, { profile_rating: null }) }) : new Promise(() => undefined)),
      request: () => Promise.resolve(profile(5, { profile_rating: 7.25 })),
    });
    const screens = (
      <Routes>
        <Route path="/profiles/:id" element={<ProfileShow />} />
        <Route path="/profiles/:id/profile-rating" element={<ProfileRatingScreen kind="profile" />} />
      </Routes>
    );
    renderInAdmin(screens, { dataProvider, url: '/profiles/5/profile-rating', authProvider: signedInAs(user()) });
    const field = await screen.findByRole('spinbutton', { name: 'User Rating' });
    await waitFor(() => expect(loads).toBe(1));
    await ui.type(field, '7.25');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const userRating = async () => (await screen.findAllByRole('term')).find((term) => term.textContent === 'User Rating');
    await waitFor(async () => expect((await userRating())?.nextElementSibling).toHaveTextContent('7.25'));
  });

  it("show 'Failed to update Rating.' for 3 seconds, then return to the profile", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderRating('app', '/profiles/5/app-rating', {
      request: () => Promise.reject(new Error('You do not have permission to perform this action.')),
    });
    await ui.type(await screen.findByRole('spinbutton', { name: 'FS Rating' }), '5');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update Rating.');
    expect(alert).toHaveTextContent('You do not have permission to perform this action.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/profiles/5/app-rating');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/profiles/5');
  });

  it("say 'Profile ID is missing.' without a usable id", async () => {
    const { dataProvider } = renderRating('profile', '/profiles/abc/profile-rating');
    expect(await screen.findByText('Profile ID is missing.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(dataProvider.getOne).not.toHaveBeenCalled();
  });
});

describe('comment screen', () => {
  it('is a required textarea of 4 rows, filled with their earlier comment for staff', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderComment(user({ email: 'staff@example.com', is_staff: true }));
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '4');
    expect(box).toBeRequired();
    await waitFor(() => expect(box).toHaveValue('Strong candidate.'));
    await ui.clear(box);
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(dataProvider.request).not.toHaveBeenCalled();
  });

  it('does not load the earlier comment for others, and posts theirs', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderComment(user());
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    expect(box).toHaveValue('');
    await ui.type(box, '  Worth a call.  ');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/profiles/5/comment/', { comment: 'Worth a call.' });
    expect(dataProvider.getOne).not.toHaveBeenCalled();
    await waitFor(() => expect(location().pathname).toBe('/profiles/5'));
  });

  it("shows 'Failed to update Comment.' then returns to the profile", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderComment(user(), { request: () => Promise.reject(new Error('Not found.')) });
    await ui.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Hello');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update Comment.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/profiles/5');
  });

  it("says 'Profile ID is missing.' without a usable id", async () => {
    const dataProvider = fakeDataProvider();
    renderInAdmin(<ProfileCommentScreen />, { dataProvider, url: '/comment', path: '/comment', authProvider: signedInAs(user()) });
    expect(await screen.findByText('Profile ID is missing.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
