// The face of the Rules entity (SPEC §2 Rules: /rule-sets, API /api/v1/rules): its own menu group
// (hidden from crowdsourcing users, SPEC §6), the home tile every non-crowdsourcing user gets,
// list, detail, create and update.
import RuleIcon from '@mui/icons-material/Rule';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const ruleSets: ResourceDeclaration = {
  name: 'rule-sets',
  apiPath: '/api/v1/rules',
  recordRepresentation: 'name',
  menu: { group: 'Rules', label: 'resources.rule-sets.menu', order: 1, icon: RuleIcon },
  home: { order: 3, icon: RuleIcon },
  list: lazyScreen(
    () => import('./RuleSetList'),
    (m) => m.RuleSetList,
  ),
  show: lazyScreen(
    () => import('./RuleSetShow'),
    (m) => m.RuleSetShow,
  ),
  create: lazyScreen(
    () => import('./RuleSetCreate'),
    (m) => m.RuleSetCreate,
  ),
  edit: lazyScreen(
    () => import('./RuleSetEdit'),
    (m) => m.RuleSetEdit,
  ),
};

export default ruleSets;
