// Assertions on the API's answers that every suite shares.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorBody } from '../../types/api';

/**
 * The answer is `status` with the error body of CONVENTIONS "API":
 * `{"errors": ["…"]}`, non-empty strings; for each field named, a message
 * `"{field}: …"` and a `fields[field]` list. Answers the body.
 */
export function expectErrors(response: LightMyRequestResponse, status: number, fields: string[] = []): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as ErrorBody;
  expect(Array.isArray(body.errors), response.body).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const message of body.errors) expect(typeof message === 'string' && message.length > 0).toBe(true);
  for (const field of fields) {
    expect(body.fields?.[field]?.length, `fields.${field} in ${response.body}`).toBeGreaterThan(0);
    expect(
      body.errors.some((m) => m.startsWith(`${field}: `)),
      `a message about ${field} in ${response.body}`,
    ).toBe(true);
  }
  return body;
}

/** The answer is `status`; answers its JSON body. */
export function expectStatus<T = any>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** An ISO 8601 time in UTC, as the API writes every time. */
export const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
