import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ConsoleAppBar } from '../appBar/ConsoleAppBar';
import { AppMenu } from '../menu/AppMenu';

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={AppMenu}>
      {children}
    </Layout>
  );
}
