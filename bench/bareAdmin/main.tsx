import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField, type DataProvider } from 'react-admin';

/**
 * The page-load bench's reference (bench/pageLoad.ts): react-admin as its tutorial builds it — one
 * list of one resource, read from one endpoint, no sign-in, no lazy screens, Vite's defaults.
 */
const dataProvider = {
  getList: async () => {
    const rows = (await (await fetch('/api/items')).json()) as Array<{ id: number; name: string }>;
    return { data: rows, total: rows.length };
  },
} as unknown as DataProvider;

const ItemList = () => (
  <List>
    <Datagrid rowClick={false}>
      <TextField source="id" />
      <TextField source="name" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="items" list={ItemList} />
  </Admin>,
);
