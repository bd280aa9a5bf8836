// Alerts scouts trust (issue 18 items 3 and 5; docs/ALERTS.md): the signed links of mails and
// Slack messages (public), muting a rule or a watched saved search, marking a notification not
// relevant, a rule's noise figures, and snoozing a person.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, errors } from '../../../types/schema';
import {
  AlertActionQuerySchema,
  AlertActionSchema,
  MuteRequestSchema,
  RelevanceRequestSchema,
  RuleNoiseSchema,
  SnoozeRequestSchema,
  SnoozeSchema,
} from '../../../types/wire/alerts';
import { NotificationSchema, RuleSchema } from '../../../types/wire/signals';
import { SavedSearchSchema } from '../../../types/wire/searches';
import { typed, writableEntityRow } from '../../http/crud';
import { findEntityRow } from '../../db/entity';
import { countAttempt } from '../../http/throttle';
import { ValidationError, forbidden, notFound } from '../../errors';
import { rules } from '../rules/entity';
import { searches } from '../searches/entity';
import { notifications } from '../notifications/entity';
import { profiles } from '../profiles/entity';
import { describeAlertAction, performAlertAction } from './actions';
import { audited, auditedObjectWrite } from '../../audit/audited';
import { represent } from '../../audit/changes';
import type { Notification, Rule, SavedSearch } from '../../../types/api';
import { ruleNoise, setMuted, setNotRelevant, snooze, snoozeUntil, wake } from './repository';

type App = ReturnType<typeof typed>;

export default async function alertRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  // in a scope of their own: the one-click bodies are parsed for these two routes only
  await app.register(alertActionRoutes);
  muteRoutes(app);
  relevanceRoutes(app);
  snoozeRoutes(app);
}

/** Form bodies, as RFC 8058's one-click POST sends them (`List-Unsubscribe=One-Click`); what they say is not needed. */
function acceptOneClickBodies(app: FastifyInstance) {
  const options = { parseAs: 'string' as const, bodyLimit: 16 * 1024 };
  app.addContentTypeParser('application/x-www-form-urlencoded', options, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', options, (_request, _body, done) => done(null, {}));
}

async function alertActionRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  acceptOneClickBodies(instance);
  const { perIp } = app.throttles;
  const key = (request: FastifyRequest) => `alert-actions:${request.ip}`;
  /** refused links count against the address (a valid one cannot be guessed, but trying costs a query) */
  const guarded = async <T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> => {
    const counted = await countAttempt([[perIp, key(request)]]);
    try {
      const answer = await run();
      await counted.giveBack(perIp);
      return answer;
    } catch (error) {
      if (!(error instanceof ValidationError)) await counted.giveBack(perIp);
      throw error;
    }
  };
  const schema = (summary: string) => ({
    tags: ['alerts'],
    summary,
    querystring: AlertActionQuerySchema,
    response: { 200: AlertActionSchema, ...errors(400, 429) },
  });

  app.get(
    '/alert-actions',
    { config: { access: 'public' }, schema: schema('What a signed link of a mail or Slack message does, and whether it is done') },
    async (request) => guarded(request, () => describeAlertAction(app.db, app.secrets, request.query.token)),
  );

  app.post(
    '/alert-actions',
    {
      config: { access: 'public' },
      schema: schema('Do what a signed link says (idempotent); takes the RFC 8058 one-click POST, a form, JSON or an empty body'),
    },
    async (request) => guarded(request, () => performAlertAction(app.db, app.secrets, request.query.token)),
  );
}

function muteRoutes(app: App) {
  app.post(
    '/rules/:id/mute',
    {
      schema: {
        tags: ['rules'],
        summary: 'Mute or unmute a rule (owner or staff): a muted rule raises nothing',
        params: IdParams,
        body: MuteRequestSchema,
        response: { 200: RuleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const target = { entity: rules, id, action: 'mute' as const };
      const { after } = await auditedObjectWrite(app.db, request.user, request.user, target, async (trx) => {
        await writableEntityRow(rules, trx, request.user, id);
        await setMuted(trx, 'rule', id, request.body.muted);
      });
      return after as Rule;
    },
  );

  app.get(
    '/rules/:id/noise',
    {
      schema: {
        tags: ['rules'],
        summary: 'What the rule raised in the last 30 days and the share marked not relevant',
        params: IdParams,
        response: { 200: RuleNoiseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      if (!(await findEntityRow(rules, app.db, request.user, request.params.id))) throw notFound();
      return ruleNoise(app.db, request.params.id);
    },
  );

  app.post(
    '/searches/:id/mute',
    {
      schema: {
        tags: ['searches'],
        summary: "Mute or unmute a watched saved search's alerts (its owner only)",
        params: IdParams,
        body: MuteRequestSchema,
        response: { 200: SavedSearchSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const target = { entity: searches, id, action: 'mute' as const };
      const { after } = await auditedObjectWrite(app.db, request.user, request.user, target, async (trx) => {
        const row = await findEntityRow(searches, trx, request.user, id);
        if (!row) throw notFound();
        // the alerts go to the owner alone: a colleague who shares the search does not silence them
        if (row.owner_id !== request.user.id) throw forbidden();
        await setMuted(trx, 'saved_search', id, request.body.muted);
      });
      return after as SavedSearch;
    },
  );
}

function relevanceRoutes(app: App) {
  app.post(
    '/notifications/:id/relevance',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification not relevant, or relevant again (it counts in its rule’s noise figures)',
        params: IdParams,
        body: RelevanceRequestSchema,
        response: { 200: NotificationSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const target = { entity: notifications, id, action: 'relevance' as const };
      const { after } = await auditedObjectWrite(app.db, request.user, request.user, target, async (trx) => {
        if (!(await findEntityRow(notifications, trx, request.user, id))) throw notFound();
        await setNotRelevant(trx, id, request.body.not_relevant);
      });
      return after as Notification;
    },
  );
}

function snoozeRoutes(app: App) {
  const visible = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    if (!(await findEntityRow(profiles, app.db, request.user, request.params.id))) throw notFound();
    return request.params.id;
  };
  const answer = (profileId: number, until: Date | null) => ({ profile_id: profileId, until: until?.toISOString() ?? null });
  /** a snooze set or ended, audited on the person: until when, before → after */
  const snoozeWrite = (
    request: FastifyRequest<{ Params: { id: number } }>,
    write: (trx: typeof app.db, id: number) => Promise<Date | null>,
  ) =>
    audited(app.db, request.user, async (trx, trail) => {
      const row = await findEntityRow(profiles, trx, request.user, request.params.id);
      if (!row) throw notFound();
      const before = await snoozeUntil(trx, request.user.id, row.id);
      const until = await write(trx, row.id);
      trail.add({
        action: 'snooze',
        entity: 'profiles',
        object_id: row.id,
        object_repr: represent(row),
        changes: { snoozed_until: { before: before?.toISOString() ?? null, after: until?.toISOString() ?? null } },
      });
      return answer(row.id, until);
    });
  const schema = (summary: string) => ({
    tags: ['profiles'],
    summary,
    params: IdParams,
    response: { 200: SnoozeSchema, ...errors(400, 401, 404) },
  });

  app.get(
    '/profiles/:id/snooze',
    { schema: schema('Until when the user has snoozed this person (null: not snoozed)') },
    async (request) => {
      const id = await visible(request);
      return answer(id, await snoozeUntil(app.db, request.user.id, id));
    },
  );

  app.put(
    '/profiles/:id/snooze',
    {
      schema: { ...schema('Snooze this person for 7, 30 or 90 days: none of the user’s rules fires for them'), body: SnoozeRequestSchema },
    },
    async (request) => snoozeWrite(request, (trx, id) => snooze(trx, request.user.id, id, request.body.days)),
  );

  app.delete('/profiles/:id/snooze', { schema: schema('Wake: the user’s rules fire for this person again') }, async (request) =>
    snoozeWrite(request, async (trx, id) => {
      await wake(trx, request.user.id, id);
      return null;
    }),
  );
}
