import type { GuardedRoute } from '../../access';
import type { MenuEntry, MenuGroup } from '../../resources/engine';

export interface MenuSection {
  group: MenuGroup;
  entries: MenuEntry[];
}

/** Headings in a fixed order, so a group stays in its place whichever role is signed in. */
export const MENU_GROUP_ORDER: readonly MenuGroup[] = ['overview', 'chains', 'money', 'wallets', 'orgs', 'reports', 'settings'];

/**
 * The menu of a role: its routes (already in route-table order) gathered under their
 * groups; groups in MENU_GROUP_ORDER, entries in table order inside each group.
 */
export function menuSections(
  routes: readonly GuardedRoute[],
  entryOf: (path: string) => Pick<MenuEntry, 'icon' | 'group'> | undefined,
): MenuSection[] {
  const sections = new Map<MenuGroup, MenuEntry[]>();
  for (const route of routes) {
    const entry = entryOf(route.path);
    if (!entry) continue;
    const entries = sections.get(entry.group) ?? [];
    entries.push({ path: route.path, labelKey: route.labelKey, icon: entry.icon, group: entry.group });
    sections.set(entry.group, entries);
  }
  return MENU_GROUP_ORDER.filter((group) => sections.has(group)).map((group) => ({ group, entries: sections.get(group)! }));
}
