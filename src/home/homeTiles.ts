// The home page's tiles as data (SPEC §2 Home): each comes from its entity's declaration
// (`home` in resources/<entity>/index.ts). Crowdsourcing users get the tiles marked for them,
// everyone else the others.
import type { HomeEntry, ResourceDeclaration } from '../resourceTypes';

export interface HomeTileEntry extends HomeEntry {
  resource: string;
  /** the entity's list route, '/{name}' */
  to: string;
}

export function homeTilesOf(declarations: readonly ResourceDeclaration[], viewer: { is_crowdsourcing: boolean }): HomeTileEntry[] {
  return declarations
    .flatMap(({ name, home }) =>
      home && !!home.crowdsourcing === viewer.is_crowdsourcing ? [{ ...home, resource: name, to: `/${name}` }] : [],
    )
    .sort((a, b) => a.order - b.order);
}
