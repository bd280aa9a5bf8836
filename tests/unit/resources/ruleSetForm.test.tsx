import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuleSetCreate } from '../../../resources/rule-sets/RuleSetCreate';
import { RuleSetEdit } from '../../../resources/rule-sets/RuleSetEdit';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { fakeDataProvider, renderInAdmin } from '../support/renderInAdmin';
import { detailsRequest, rule } from './signalsFixtures';

afterEach(() => {
  vi.useRealTimers();
});

type Ui = ReturnType<typeof userEvent.setup>;

function renderCreate(overrides = {}) {
  const dataProvider = fakeDataProvider({
    request: detailsRequest(),
    create: (_r: string, { data }: { data: object }) => Promise.resolve({ data: { id: 7, ...data } }),
    ...overrides,
  });
  return { dataProvider, ...renderInAdmin(<RuleSetCreate />, { dataProvider, url: '/rule-sets/create', path: '/rule-sets/create' }) };
}

function renderEdit(overrides = {}) {
  const dataProvider = fakeDataProvider({
    request: detailsRequest(),
    getOne: () => Promise.resolve({ data: rule(4, { model_name: 'Job', attribute: 'job_title', operator: 'contains', value: 'CTO' }) }),
    update: (_r: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    ...overrides,
  });
  return { dataProvider, ...renderInAdmin(<RuleSetEdit />, { dataProvider, url: '/rule-sets/4/update', path: '/rule-sets/:id/update' }) };
}

const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

const select = async (ui: Ui, field: string, option: string) => {
  await ui.click(combobox(field));
  await ui.click(await screen.findByRole('option', { name: option }));
};

const optionsOf = async (ui: Ui, field: string) => {
  await ui.click(combobox(field));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await ui.keyboard('{Escape}');
  return options;
};

describe('RuleSetCreate', () => {
  it('loads the options: Email and High by default, the first model, attribute and operator preselected', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    await screen.findByRole('textbox', { name: 'Name' });
    expect(dataProvider.request).toHaveBeenCalledWith('GET', '/rules/details/');
    expect(combobox('Notification Type')).toHaveTextContent('Email');
    expect(combobox('Priority')).toHaveTextContent('High');
    expect(combobox('Model')).toHaveTextContent('Profile');
    expect(combobox('Attribute')).toHaveTextContent('Location');
    expect(combobox('Operator')).toHaveTextContent('changed');
    expect(await optionsOf(ui, 'Notification Type')).toEqual(['Email', 'Slack']);
    expect(await optionsOf(ui, 'Priority')).toEqual(['High', 'Medium', 'Low']);
    expect(await optionsOf(ui, 'Attribute')).toEqual(['Location', 'Headline']);
    expect(await optionsOf(ui, 'Operator')).toEqual(['changed', 'changed to']);
    // 'changed' reads no value: the help says to enter *
    expect(screen.getByText('This operator reads no value: enter * (required)')).toBeInTheDocument();
  });

  it('changing the model resets the attribute to its first and the operator to that attribute’s first', async () => {
    const ui = userEvent.setup();
    renderCreate();
    await screen.findByRole('textbox', { name: 'Name' });
    await select(ui, 'Operator', 'changed to');
    await select(ui, 'Model', 'Job');
    expect(combobox('Attribute')).toHaveTextContent('Job title');
    expect(combobox('Operator')).toHaveTextContent('changed to');
    expect(await optionsOf(ui, 'Attribute')).toEqual(['Job title', 'Company']);
    // the operator's description helps with the value
    expect(screen.getByText('The new value is the value.')).toBeInTheDocument();
  });

  it('changing the attribute resets the operator to its first', async () => {
    const ui = userEvent.setup();
    renderCreate();
    await screen.findByRole('textbox', { name: 'Name' });
    await select(ui, 'Operator', 'changed to');
    await select(ui, 'Attribute', 'Headline');
    expect(combobox('Operator')).toHaveTextContent('contains');
    expect(await optionsOf(ui, 'Operator')).toEqual(['contains', 'changed']);
  });

  it('requires the name and the value', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(/^Required/).length).toBeGreaterThanOrEqual(2);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('posts the rule with the ids of its profile lists, then opens it', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderCreate();
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), '  Founders leaving ');
    await select(ui, 'Notification Type', 'Slack');
    await select(ui, 'Priority', 'Low');
    await select(ui, 'Model', 'Job');
    await select(ui, 'Attribute', 'Company');
    await ui.type(screen.getByRole('textbox', { name: 'Value' }), '*');
    await ui.click(combobox('Profile Lists'));
    await ui.click(await screen.findByRole('option', { name: 'Founders' }));
    await ui.click(screen.getByRole('option', { name: 'Berlin engineers' }));
    await ui.keyboard('{Escape}');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith('rule-sets', {
        data: {
          name: 'Founders leaving',
          notification_type: 'Slack',
          priority: 'Low',
          model_name: 'Job',
          attribute: 'company',
          operator: 'changed',
          value: '*',
          profile_lists: [1, 2],
        },
      }),
    );
    await waitFor(() => expect(location().pathname).toBe('/rule-sets/7'));
  });

  it("shows 'Error submitting RuleSet' and the server's reason for 3 seconds, then returns to the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderCreate({ create: () => Promise.reject(new Error('profile_lists: You may not read list 9.')) });
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'Broken');
    await ui.type(screen.getByRole('textbox', { name: 'Value' }), '*');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error submitting RuleSet');
    expect(alert).toHaveTextContent('profile_lists: You may not read list 9.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/rule-sets/create');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/rule-sets');
  });

  it('previews the rule as it is filled: how often it would have fired in the last 30 days, for how many people, with examples', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    expect(await screen.findByText(/Choose profile lists to see how often this rule would have fired/)).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: 'Value' }), '*');
    await ui.click(combobox('Profile Lists'));
    await ui.click(await screen.findByRole('option', { name: 'Founders' }));
    await ui.keyboard('{Escape}');
    expect(await screen.findByText('This rule would have fired 3 times in the last 30 days, for 2 people')).toBeInTheDocument();
    expect(screen.getByText('Jane Doe changed job: CTO at Acme → Founder at Stealth')).toBeInTheDocument();
    expect(dataProvider.request).toHaveBeenCalledWith(
      'GET',
      '/rules/preview/?model_name=Profile&attribute=location&operator=changed&value=*&profile_lists=1',
    );
  });

  it("says 'Error fetching options' when the options cannot be loaded", async () => {
    renderCreate({ request: detailsRequest(() => Promise.reject(new Error('Server down.'))) });
    expect(await screen.findByText('Error fetching options')).toBeInTheDocument();
    expect(screen.getByText('Server down.')).toBeInTheDocument();
    expect(combobox('Notification Type')).toHaveTextContent('Email');
  });
});

describe('RuleSetEdit', () => {
  it('starts from the stored rule and puts the same body back, then opens the detail', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderEdit();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Rule 4');
    expect(combobox('Model')).toHaveTextContent('Job');
    expect(combobox('Attribute')).toHaveTextContent('Job title');
    expect(combobox('Operator')).toHaveTextContent('contains');
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('CTO');
    expect(combobox('Profile Lists')).toHaveTextContent('Founders');
    await ui.clear(name);
    await ui.type(name, 'Renamed');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'rule-sets',
        expect.objectContaining({
          id: 4,
          data: {
            name: 'Renamed',
            notification_type: 'Email',
            priority: 'High',
            model_name: 'Job',
            attribute: 'job_title',
            operator: 'contains',
            value: 'CTO',
            profile_lists: [1],
          },
        }),
      ),
    );
    await waitFor(() => expect(location().pathname).toBe('/rule-sets/4'));
  });

  it("shows 'Error updating RuleSet' for 3 seconds, then returns to the detail", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderEdit({ update: () => Promise.reject(new Error('Conflict.')) });
    await screen.findByRole('textbox', { name: 'Name' });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error updating RuleSet');
    expect(alert).toHaveTextContent('Conflict.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/rule-sets/4');
  });
});
