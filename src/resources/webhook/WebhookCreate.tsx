import { useState } from 'react';
import { Create, useRedirect } from 'react-admin';
import type { ResourceViewProps } from '../engine/types';
import { useResourceName } from '../engine/views/common';
import { ShownOnce } from '../engine/views/ShownOnce';
import { WebhookForm, webhookFormValues } from './WebhookForm';

/** The form; on success the signing secret in a dialog, once (docs/webhooks.md "Endpoints"), then the list. */
export default function WebhookCreate({ definition, schemas }: ResourceViewProps) {
  const redirect = useRedirect();
  const title = useResourceName(definition)(1);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <Create
        resource={definition.resourceName}
        title={title}
        redirect={false}
        mutationOptions={{ onSuccess: (data: Record<string, unknown>) => setCreated(typeof data.secret === 'string' ? data.secret : null) }}
        transform={webhookFormValues}
      >
        <WebhookForm schema={schemas?.create} />
      </Create>
      {created && (
        <ShownOnce
          resource="webhook"
          field="secret"
          value={created}
          note="resources.webhook.verifyNote"
          testId="webhook-secret"
          onDone={() => {
            setCreated(null);
            redirect('list', definition.resourceName);
          }}
        />
      )}
    </>
  );
}
