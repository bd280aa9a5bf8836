// The three data-operations entities in the app's registry (SPEC §2 Side menu, Top bar):
// Data Sources and Executions in Data Operations, Platform Connections only in the account menu.
import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../../src/layout/menuModel';
import { apiPathsOf, registry } from '../../../src/registry';

const shape = (viewer: { is_staff: boolean; is_crowdsourcing: boolean }) =>
  Object.fromEntries(buildMenu(registry, viewer).map(({ group, links }) => [group, links.map((link) => link.to)]));

describe('data operations in the registry', () => {
  it('puts Data Sources then Executions in the Data Operations group', () => {
    expect(shape({ is_staff: false, is_crowdsourcing: false })['Data Operations']).toEqual(['/data-sources', '/executions']);
  });

  it('hides them from crowdsourcing users and gives Platform Connections no menu entry', () => {
    expect(shape({ is_staff: false, is_crowdsourcing: true })['Data Operations']).toBeUndefined();
    const everything = Object.values(shape({ is_staff: true, is_crowdsourcing: false })).flat();
    expect(everything).not.toContain('/platform-connections');
  });

  it('maps the resources to their API paths, each with list, detail, create and update where the spec has them', () => {
    expect(apiPathsOf(registry)).toMatchObject({
      'data-sources': '/api/v1/data-sources',
      executions: '/api/v1/executions',
      'platform-connections': '/api/v1/platform-connections',
    });
    const byName = Object.fromEntries(registry.map((declaration) => [declaration.name, declaration]));
    for (const name of ['data-sources', 'platform-connections']) {
      const { list, show, create, edit } = byName[name];
      expect([list, show, create, edit].every(Boolean)).toBe(true);
    }
    expect(byName.executions.list && byName.executions.show).toBeTruthy();
    expect(byName.executions.create ?? byName.executions.edit).toBeUndefined();
  });
});
