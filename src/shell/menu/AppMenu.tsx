import { Box, Divider, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { menuRoutesFor } from '../../access';
import { useSession } from '../../session';
import { resourceMenu } from '../../resources';
import { menuSections } from './menuSections';
import { routeMenu } from './routeMenu';

/** A route's menu icon and group: its resource's declaration, else the page's line in routeMenu. */
export const entryOf = (path: string) => resourceMenu[path] ?? routeMenu[path];

/**
 * The routes the current role reaches, one per job (src/access menuRoutes), in route-table
 * order, under group headings, inside the page's navigation landmark.
 *
 * Each group is a react-admin `<Menu>` of its own, named by its heading (docs/accessibility.md
 * "Menu"): an ARIA menu may hold only menu items, so headings inside one flat menu were list
 * items outside any list to a screen reader. Tab moves from group to group; the arrow keys
 * move inside one, as in any ARIA menu.
 */
export function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { roleIndex } = useSession();
  return (
    <Box component="nav" aria-label={translate('shell.mainMenu')} sx={{ py: 1 }}>
      {menuSections(menuRoutesFor(roleIndex), entryOf).map(({ group, entries }, index) => {
        const heading = translate(`menuGroup.${group}`);
        return (
          <Box key={group}>
            {open ? (
              <ListSubheader component="div" aria-hidden sx={{ lineHeight: 2.5, mt: index ? 1 : 0, bgcolor: 'transparent' }}>
                {heading}
              </ListSubheader>
            ) : (
              index > 0 && <Divider />
            )}
            {/* MenuList wants its items as direct children (no fragments) for its arrow keys. */}
            <Menu aria-label={heading} sx={{ my: 0, py: 0 }}>
              {entries.map(({ path, labelKey, icon: Icon }) => (
                <Menu.Item key={path} to={path} primaryText={translate(labelKey)} leftIcon={<Icon />} />
              ))}
            </Menu>
          </Box>
        );
      })}
    </Box>
  );
}
