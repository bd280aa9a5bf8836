// The side menu as data: which registry entries a user sees, grouped and ordered
// (SPEC §2 Side menu, §6 Roles). Kept apart from the component so the rules are
// tested without rendering.
import type { MenuEntry, MenuGroup, ResourceDeclaration } from '../resourceTypes';
import type { User } from '../../types/api';

export const MENU_GROUPS: readonly MenuGroup[] = ['Management', 'Data Operations', 'Rules', 'Monitoring', 'Admin'];

export interface MenuLink extends MenuEntry {
  /** the resource's list route, '/{name}' */
  to: string;
  resource: string;
}

export interface MenuSection {
  group: MenuGroup;
  links: MenuLink[];
}

export type MenuViewer = Pick<User, 'is_staff' | 'is_crowdsourcing'>;

/**
 * Crowdsourcing users get the reduced menu; staff-only entries need is_staff.
 * A staff member who is also crowdsourcing keeps the Admin group: they still administer.
 */
export function canSee(entry: MenuEntry, viewer: MenuViewer): boolean {
  if (entry.staffOnly) return viewer.is_staff;
  if (viewer.is_crowdsourcing && !entry.crowdsourcing) return false;
  return true;
}

/** The menu of one user: groups in their fixed order, empty groups left out. */
export function buildMenu(declarations: readonly ResourceDeclaration[], viewer: MenuViewer): MenuSection[] {
  const links: MenuLink[] = declarations.flatMap(({ name, menu }) =>
    menu && canSee(menu, viewer) ? [{ ...menu, to: `/${name}`, resource: name }] : [],
  );
  return MENU_GROUPS.map((group) => ({
    group,
    links: links.filter((link) => link.group === group).sort((a, b) => a.order - b.order),
  })).filter((section) => section.links.length > 0);
}
