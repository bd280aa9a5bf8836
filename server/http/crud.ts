// One declaration per entity: its store (server/db/entity.ts: table, visibility, list, rows → items)
// plus its wire schemas and who may write. The list, detail, create, update (PUT and PATCH) and
// delete routes, their validation and their OpenAPI description come from here; an entity
// overrides one by answering it differently or adds routes of its own.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, FastifySchema } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Kysely } from 'kysely';
import type { ListResponse } from '../../types/api';
import { IdParams, ListOf, NoContent, errors } from '../../types/schema';
import type { Viewer } from '../db/viewer';
import type { Database } from '../db/schema';
import { deleteEntityRow, findEntity, findEntityRow, listEntities, type EntityStore } from '../db/entity';
import { audited, entityRecord, itemOf, snapshot } from '../audit/audited';
import type { AuditDeclaration } from '../audit/changes';
import type { Access } from './auth';
import { forbidden, notFound } from '../errors';
import { listQuerystringSchema, type ListQuerystring } from './list-querystring';

/** The app with route types derived from their TypeBox schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

export interface EntityWrites<Write extends TObject> {
  /** the body of POST and PUT; PATCH takes any of its fields */
  body: Write;
  /** checks against the database (ids that must exist, visible…): throw a ValidationError (server/errors.ts) */
  check?(db: Kysely<Database>, viewer: Viewer, body: Partial<Static<Write>>): Promise<void>;
  /** inserts; answers the new id */
  create(db: Kysely<Database>, viewer: Viewer, body: Static<Write>): Promise<number>;
  /** applies the fields given */
  update(db: Kysely<Database>, viewer: Viewer, id: number, body: Partial<Static<Write>>): Promise<void>;
}

export interface EntityDeclaration<
  Row extends { id: number },
  Item extends TSchema,
  Filters extends TProperties = Record<never, never>,
  Write extends TObject = TObject,
  ListItem extends TSchema = Item,
> extends EntityStore<Row, Static<Item>, Static<TObject<Filters>>, Static<ListItem>> {
  /** collection path under /api/v1, and the OpenAPI tag */
  path: string;
  /** one item as the API answers it */
  item: Item;
  /** a row of the list, when it says less than the detail */
  listItem?: ListItem;
  /** who may call its routes at all: any signed-in user (default) or staff */
  access?: Access;
  /** querystring schema of the list's own filters */
  filters?: Filters;
  /** OpenAPI summary of the list */
  summary?: string;
  /** POST, PUT and PATCH */
  writes?: EntityWrites<Write>;
  /** DELETE (the row goes; its links go by their foreign keys) */
  deletable?: boolean;
  /** how a row is deleted when more than its row and foreign keys must go (in one transaction) */
  deleteRow?(db: Kysely<Database>, id: number): Promise<void>;
  /** who may change or delete a row they can read (default: whoever can read it); others get 403 */
  mayWrite?(viewer: Viewer, row: Row): boolean;
  /** after a create, update or delete has committed (e.g. a data source's schedule follows its row) */
  afterWrite?(app: FastifyInstance, id: number, change: 'create' | 'update' | 'delete'): Promise<void>;
  /** answers the list itself (e.g. from an index); input already validated */
  listOverride?(
    db: Kysely<Database>,
    viewer: Viewer,
    query: ListQuerystring & Static<TObject<Filters>>,
  ): Promise<ListResponse<Static<ListItem>>>;
  /** how its items read in the audit trail: every write above is recorded from its item before and after */
  audit?: AuditDeclaration<Static<Item>>;
  /** its routes beyond the five */
  routes?(app: ReturnType<typeof typed>): void | Promise<void>;
}

/** Declares an entity (types are inferred from the schemas). */
export function defineEntity<
  Row extends { id: number },
  Item extends TSchema,
  Filters extends TProperties = Record<never, never>,
  Write extends TObject = TObject,
  ListItem extends TSchema = Item,
>(declaration: EntityDeclaration<Row, Item, Filters, Write, ListItem>): EntityDeclaration<Row, Item, Filters, Write, ListItem> {
  return declaration;
}

/** The row `viewer` may change (an entity's own write routes use it too): 404 if they cannot read it, 403 if they only read it. */
export async function writableEntityRow<Row extends { id: number }>(
  entity: Pick<EntityDeclaration<Row, TSchema>, 'mayWrite'> & Parameters<typeof findEntityRow<Row>>[0],
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
): Promise<Row> {
  const row = await findEntityRow(entity, db, viewer, id);
  if (!row) throw notFound();
  if (entity.mayWrite && !viewer.is_staff && !entity.mayWrite(viewer, row)) throw forbidden();
  return row;
}

/**
 * The Fastify plugin of an entity: its routes under /api/v1/{path}. Each write runs in one
 * transaction with its audit entry (server/audit): the item before and after, as its reader
 * sees it; the item after is the answer.
 */
export function entityRoutes<
  Row extends { id: number },
  Item extends TSchema,
  Filters extends TProperties,
  Write extends TObject,
  ListItem extends TSchema,
>(entity: EntityDeclaration<Row, Item, Filters, Write, ListItem>): FastifyPluginAsync {
  // Generic over the entity's schemas, which TypeScript cannot resolve through Fastify's route
  // types: the values are read as the Static types of those schemas (validated before the
  // handler runs). The entity's own routes get the TypeBox provider (`routes(app)`).
  const routeSchema = (schema: FastifySchema & { tags: string[] }): FastifySchema => schema;
  const idOf = (request: FastifyRequest) => (request.params as Static<typeof IdParams>).id;
  return async (app) => {
    const { path, item } = entity;
    const config = { access: entity.access ?? 'user' };
    const denied = entity.access === 'staff' ? [401, 403] : [401];
    const tags = [path];

    app.get(
      `/${path}`,
      {
        config,
        schema: routeSchema({
          tags,
          summary: entity.summary,
          querystring: listQuerystringSchema(entity.filters ?? ({} as Filters)),
          response: { 200: ListOf(entity.listItem ?? item), ...errors(400, ...denied) },
        }),
      },
      async (request) => {
        const query = request.query as ListQuerystring & Static<TObject<Filters>>;
        return entity.listOverride ? entity.listOverride(app.db, request.user, query) : listEntities(entity, app.db, request.user, query);
      },
    );

    app.get(
      `/${path}/:id`,
      {
        config,
        schema: routeSchema({ tags, params: IdParams, response: { 200: item, ...errors(400, ...denied, 404) } }),
      },
      async (request) => (await findEntity(entity, app.db, request.user, idOf(request))) ?? Promise.reject(notFound()),
    );

    const reread = async (viewer: Viewer, id: number) => (await findEntity(entity, app.db, viewer, id)) ?? Promise.reject(notFound());
    const audit = entity as Parameters<typeof snapshot>[0];

    const writes = entity.writes;
    if (writes) {
      app.post(
        `/${path}/`,
        {
          config,
          schema: routeSchema({ tags, body: writes.body, response: { 201: item, ...errors(400, ...denied) } }),
        },
        async (request, reply) => {
          const body = request.body as Static<Write>;
          const { id, after } = await audited(app.db, request.user, async (trx, trail) => {
            await writes.check?.(trx, request.user, body);
            const id = await writes.create(trx, request.user, body);
            const after = await snapshot(audit, trx, request.user, id);
            trail.add(entityRecord(audit, 'create', id, undefined, after));
            return { id, after };
          });
          await entity.afterWrite?.(app, id, 'create');
          reply.status(201);
          return after ?? reread(request.user, id);
        },
      );

      const partial = Type.Partial(writes.body);
      for (const method of ['put', 'patch'] as const) {
        app[method](
          `/${path}/:id`,
          {
            config,
            schema: routeSchema({
              tags,
              params: IdParams,
              body: method === 'put' ? writes.body : partial,
              response: { 200: item, ...errors(400, ...denied, 404) },
            }),
          },
          async (request) => {
            const body = request.body as Partial<Static<Write>>;
            const id = idOf(request);
            const after = await audited(app.db, request.user, async (trx, trail) => {
              const row = await writableEntityRow(entity, trx, request.user, id);
              const before = await itemOf(audit, trx, request.user, row);
              await writes.check?.(trx, request.user, body);
              await writes.update(trx, request.user, id, body);
              const after = await snapshot(audit, trx, request.user, id);
              trail.add(entityRecord(audit, 'update', id, before, after));
              return after;
            });
            await entity.afterWrite?.(app, id, 'update');
            return after ?? reread(request.user, id);
          },
        );
      }
    }

    if (entity.deletable) {
      app.delete(
        `/${path}/:id`,
        {
          config,
          schema: routeSchema({ tags, params: IdParams, response: { 204: NoContent, ...errors(400, ...denied, 404) } }),
        },
        async (request, reply) => {
          const id = idOf(request);
          await audited(app.db, request.user, async (trx, trail) => {
            const row = await writableEntityRow(entity, trx, request.user, id);
            const before = await itemOf(audit, trx, request.user, row);
            if (entity.deleteRow) await entity.deleteRow(trx, id);
            else await deleteEntityRow(entity, trx, id);
            trail.add(entityRecord(audit, 'delete', id, before, undefined));
          });
          await entity.afterWrite?.(app, id, 'delete');
          return reply.status(204).send();
        },
      );
    }

    await entity.routes?.(typed(app));
  };
}
