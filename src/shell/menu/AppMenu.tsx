import { Divider, ListSubheader } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { menuRoutesFor } from '../../access';
import { useSession } from '../../session';
import { resourceMenu } from '../../resources';
import { menuSections } from './menuSections';
import { routeMenu } from './routeMenu';

/** A route's menu icon and group: its resource's declaration, else the page's line in routeMenu. */
export const entryOf = (path: string) => resourceMenu[path] ?? routeMenu[path];

/** The routes the current role reaches, one per job (src/access menuRoutes), in route-table order, under group headings. */
export function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { roleIndex } = useSession();
  // MenuList wants its items as direct children (no fragments): headings and items in one flat list.
  const children = menuSections(menuRoutesFor(roleIndex), entryOf).flatMap(({ group, entries }, index) => [
    open ? (
      <ListSubheader key={`group-${group}`} disableSticky sx={{ lineHeight: 2.5, mt: index ? 1 : 0, bgcolor: 'transparent' }}>
        {translate(`menuGroup.${group}`)}
      </ListSubheader>
    ) : index ? (
      <Divider key={`group-${group}`} />
    ) : null,
    ...entries.map(({ path, labelKey, icon: Icon }) => (
      <Menu.Item key={path} to={path} primaryText={translate(labelKey)} leftIcon={<Icon />} />
    )),
  ]);
  return <Menu>{children}</Menu>;
}
