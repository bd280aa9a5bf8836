// Rules (SPEC §2 Rules, §3 Rule, §7 Rules): read by their owner and the owner's organization
// colleagues (CONVENTIONS "Who sees what"), changed and deleted by the owner or staff; plus the
// options of the rule form (GET /rules/details/).
import { RuleDetailsSchema, RulePreviewQuerySchema, RulePreviewSchema, RuleSchema, RuleWriteSchema } from '../../../types/wire/signals';
import { previewRule } from '../../signals/preview';
import { errors } from '../../../types/schema';
import { defineEntity } from '../../http/crud';
import { ownedByColleagues } from '../../db/visibility';
import { registerDefaultEntity } from '../../accounts/default-entities';
import { checkPreview, createRule, ensurePersonalRule, ruleDetails, toRules, updateRule, type RuleRow } from './repository';

// a crowdsourcing user hears when someone in their own list moves
registerDefaultEntity('rule', ensurePersonalRule);

export const rules = defineEntity({
  path: 'rules',
  table: 'rule',
  item: RuleSchema,
  summary: "Rules the user may read: their own and their organization colleagues'",
  list: {
    ordering: {
      name: 'lower(rule.name)',
      // by importance: ascending Low → High, `-priority` puts High first
      priority: "CASE rule.priority WHEN 'Low' THEN 1 WHEN 'Medium' THEN 2 ELSE 3 END",
      created_at: 'rule.created_at',
      updated_at: 'rule.updated_at',
    },
    defaultOrdering: ['-created_at'],
    search: ['rule.name'],
  },
  rows: (db, viewer) => ownedByColleagues(db.selectFrom('rule').selectAll('rule'), viewer),
  toItems: (db, viewer, rows: RuleRow[]) => toRules(db, viewer, rows),
  mayWrite: (viewer, row) => row.owner_id === viewer.id,
  writes: {
    body: RuleWriteSchema,
    // the vocabulary and the lists are checked on the rule as it will be stored (a PATCH merges with the row)
    create: (db, viewer, body) => createRule(db, viewer, body),
    update: (db, viewer, id, body) => updateRule(db, viewer, id, body),
  },
  deletable: true,

  routes(app) {
    // a static path: registered beside /rules/:id, Fastify's router never takes it for an id
    app.get(
      '/rules/details',
      {
        schema: {
          tags: ['rules'],
          summary: 'The options of the rule form: types, priorities, what each model lets a rule watch, the readable profile lists',
          response: { 200: RuleDetailsSchema, ...errors(401) },
        },
      },
      async (request) => ruleDetails(app.db, request.user),
    );

    app.get(
      '/rules/preview',
      {
        schema: {
          tags: ['rules'],
          summary: 'How often a rule as the form holds it would have fired in the last 30 days, for how many people, with examples',
          querystring: RulePreviewQuerySchema,
          response: { 200: RulePreviewSchema, ...errors(400, 401) },
        },
      },
      async (request) => {
        const { profile_lists: lists = [], ...rule } = request.query;
        await checkPreview(app.db, request.user, rule, lists);
        return previewRule(app.db, rule, [...new Set(lists)]);
      },
    );
  },
});
