import type { ReactElement, ReactNode } from 'react';
import { Show, SimpleShowLayout, useTranslate } from 'react-admin';
import { fieldsFor } from '../fields';
import type { ResourceViewProps } from '../types';
import { RecordTitle } from './common';
import { fieldValueElement } from './FieldViews';
import { ShowFailure, useRecordQueryOptions } from './loadFailure';
import { RecordActions } from './RecordActions';

/**
 * A record's page: every declared field read-only, the given buttons above (default: the
 * declaration's own, RecordActions), and `children` under the fields (a custom show's extra part).
 */
export function FieldsShow({
  definition,
  actions,
  children,
}: Pick<ResourceViewProps, 'definition'> & { actions?: ReactElement; children?: ReactNode }) {
  const translate = useTranslate();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      actions={actions ?? <RecordActions definition={definition} view="show" />}
      queryOptions={queryOptions}
      error={<ShowFailure resource={definition.resourceName} />}
    >
      <SimpleShowLayout>
        {fieldsFor(definition, 'show').map((field) => fieldValueElement(definition, field, translate, 'show'))}
        {children}
      </SimpleShowLayout>
    </Show>
  );
}

/** Every declared field read-only, including what forms never send (balances, timestamps). */
export default function GeneratedShow({ definition }: ResourceViewProps) {
  return <FieldsShow definition={definition} />;
}
