import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { dateTime, errors, idParams, listResponse, object } from '../../http/schemas';
import { getCompany, listCompanies } from './repository';

const nullableString = { type: ['string', 'null'] } as const;
const companySchema = object({
  id: { type: 'integer' },
  external_id: { type: 'string' },
  name: { type: 'string' },
  description: nullableString,
  year_founded: { type: ['integer', 'null'] },
  location: nullableString,
  industry: nullableString,
  company_size: nullableString,
  data_sources: { type: 'array', items: object({ id: { type: 'integer' }, name: { type: 'string' } }) },
  created_at: dateTime,
  updated_at: dateTime,
});

/** Companies the user may see (SPEC §7 Companies). */
export default async function companyRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, never> }>('/companies', {
    schema: { tags: ['companies'], summary: 'Companies; search on name, location and industry', querystring: listQuerySchema(), response: { 200: listResponse(companySchema), ...errors(400, 401) } },
  }, async (request) => listCompanies(app.db, request.user, request.query));

  app.get<{ Params: { id: number } }>('/companies/:id', {
    schema: { tags: ['companies'], params: idParams, response: { 200: companySchema, ...errors(400, 401, 404) } },
  }, async (request) => (await getCompany(app.db, request.user, request.params.id)) ?? Promise.reject(notFound()));
}
