import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ConsoleAppBar } from '../appBar/ConsoleAppBar';
import { AppMenu } from '../menu/AppMenu';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import { NamedProgress } from './NamedProgress';
import { FocusTitleOnNavigate } from './FocusTitleOnNavigate';
import { AfterFirstScreen } from './AfterFirstScreen';

/**
 * react-admin's layout and list grow to fit their widest content (`min-width: fit-content`, flex
 * items), so one wide table pushed the whole page sideways. Held to the window instead: a table
 * wider than its card scrolls inside it, on every list (generated or custom), and the app bar
 * and menu stay put.
 */
const HELD_TO_WINDOW = {
  minWidth: 0,
  '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
  // Generated lists are react-admin's DataTable; the multisig history is still a Datagrid.
  '& .RaDatagrid-root, & .RaDataTable-root': { overflowX: 'auto' },
  // Finance tables have many narrow columns: half of MUI's 16 px gutter between them keeps a
  // nine-column ledger within a 1280 px screen.
  '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell, & .RaDataTable-headerCell, & .RaDataTable-rowCell': {
    px: 1,
    '&:first-of-type': { pl: 2 },
    '&:last-of-type': { pr: 2 },
  },
} as const;

/** The menu after the first screen's rows (docs/console.md "The first load"): 18 entries, each with an icon of its own chunk. */
function DeferredMenu() {
  return (
    <AfterFirstScreen>
      <AppMenu />
    </AfterFirstScreen>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <NamedProgress>
      <Layout appBar={ConsoleAppBar} menu={DeferredMenu} sx={HELD_TO_WINDOW}>
        <FocusTitleOnNavigate />
        {children}
        <StepUpDialog />
      </Layout>
    </NamedProgress>
  );
}
