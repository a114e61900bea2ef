import { Edit } from 'react-admin';
import type { ResourceViewProps } from '../engine/types';
import { RecordTitle } from '../engine/views/common';
import { WebhookForm, webhookFormValues } from './WebhookForm';

/** The same form as creation, by id; the secret stays (it changes by rotation, on the show page). */
export default function WebhookEdit({ definition, schemas }: ResourceViewProps) {
  return (
    <Edit
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>) => ({ id: data.id, ...webhookFormValues(data) })}
    >
      <WebhookForm schema={schemas?.create} />
    </Edit>
  );
}
