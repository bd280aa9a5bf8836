// The face of the Rules entity (SPEC §2 Rules: /rule-sets, API /api/v1/rules). Its screens come
// with the issue "Signals"; until then it declares its home tile, which SPEC shows to every
// non-crowdsourcing user, and its API path.
import RuleIcon from '@mui/icons-material/Rule';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const ruleSets: ResourceDeclaration = {
  name: 'rule-sets',
  apiPath: '/api/v1/rules',
  recordRepresentation: 'name',
  home: { order: 3, icon: RuleIcon },
};

export default ruleSets;
