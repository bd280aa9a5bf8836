// Running retrievals in API tests: create a data source, retrieve it, wait for its execution.
import { expect } from 'vitest';
import type { DataSource, Execution } from '../../types/api';
import type { TestApi, TestUser } from './harness';
import { expectStatus } from './expect';

export const FINISHED = ['SUCCESS', 'FAILURE', 'REVOKED'];

export async function createSource(
  api: TestApi,
  user: TestUser,
  additional_data: Record<string, string | string[]>,
  name = 'Synthetic',
  source_type = 'synthetic',
): Promise<DataSource> {
  return expectStatus<DataSource>(
    await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/data-sources/',
      payload: { name, source_type, additional_data, schedule: null },
    }),
    201,
  );
}

export async function retrieve(api: TestApi, user: TestUser, sourceId: number): Promise<Execution> {
  const execution = expectStatus<Execution>(
    await api.call(user.token, { method: 'POST', url: `/api/v1/data-sources/${sourceId}/retrieval/` }),
    202,
  );
  expect(execution).toMatchObject({ status: 'PENDING', trigger: 'manual', data_source: { id: sourceId } });
  return execution;
}

/** The execution once it finished (the worker runs in the test's process; polled, not timed). */
export async function finished(api: TestApi, user: TestUser, id: number, seen: string[] = []): Promise<Execution> {
  for (;;) {
    const execution = expectStatus<Execution>(await api.call(user.token, { method: 'GET', url: `/api/v1/executions/${id}` }), 200);
    if (seen.at(-1) !== execution.status) seen.push(execution.status);
    if (FINISHED.includes(execution.status)) return execution;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function retrieveAndWait(api: TestApi, user: TestUser, sourceId: number): Promise<Execution> {
  const { id } = await retrieve(api, user, sourceId);
  return finished(api, user, id);
}
