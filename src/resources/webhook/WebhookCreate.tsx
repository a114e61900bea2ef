import type { ResourceViewProps } from '../engine/types';
import { CreateShowingSecret } from '../engine/views/ShownOnce';
import { WebhookForm, webhookFormValues, WEBHOOK_SECRET } from './WebhookForm';

/** The form; on success the signing secret in a dialog, once (docs/webhooks.md "Endpoints"), then the list. */
export default function WebhookCreate({ definition, schemas }: ResourceViewProps) {
  return (
    <CreateShowingSecret definition={definition} secret={WEBHOOK_SECRET('resources.webhook.verifyNote')} transform={webhookFormValues}>
      <WebhookForm schema={schemas?.create} />
    </CreateShowingSecret>
  );
}
