import { Menu, useTranslate } from 'react-admin';
import { routesFor } from '../../access';
import { useSession } from '../../session';
import { resourceMenu } from '../../resources';
import { routeIcons } from './routeIcons';

/** Exactly the routes the current role reaches, in the order of the route table. */
export function AppMenu() {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  return (
    <Menu>
      {routesFor(roleIndex).map((route) => {
        // A declared resource brings its own icon; other routes keep the table's.
        const Icon = resourceMenu[route.path]?.icon ?? routeIcons[route.path];
        return <Menu.Item key={route.path} to={route.path} primaryText={translate(route.labelKey)} leftIcon={Icon ? <Icon /> : undefined} />;
      })}
    </Menu>
  );
}
