import { Show, SimpleShowLayout, useTranslate } from 'react-admin';
import { fieldsFor } from '../fields';
import type { ResourceViewProps } from '../types';
import { RecordTitle } from './common';
import { fieldValueElement } from './FieldViews';
import { ShowFailure, useRecordQueryOptions } from './loadFailure';
import { RecordActions } from './RecordActions';

/** Every declared field read-only, including what forms never send (balances, timestamps). */
export default function GeneratedShow({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      actions={<RecordActions definition={definition} view="show" />}
      queryOptions={queryOptions}
      error={<ShowFailure resource={definition.resourceName} />}
    >
      <SimpleShowLayout>
        {fieldsFor(definition, 'show').map((field) => fieldValueElement(definition, field, translate, 'show'))}
      </SimpleShowLayout>
    </Show>
  );
}
