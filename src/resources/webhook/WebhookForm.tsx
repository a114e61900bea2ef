import { BooleanInput, CheckboxGroupInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { WEBHOOK_EVENTS } from '../../contract/webhook';
import type { ResourceSchemas } from '../engine/types';
import { schemaCheck } from '../engine/views/schemaCheck';
import type { SecretShown } from '../engine/views/ShownOnce';

const eventChoices = WEBHOOK_EVENTS.map((id) => ({ id, name: `resources.webhook.event.${id}` }));

/** The signing secret's dialog (at creation and at rotation, each with its own line under it). */
export const WEBHOOK_SECRET = (note: string): SecretShown => ({ field: 'secret', note, testId: 'webhook-secret' });

/** What an endpoint's create and edit forms send (the secret is never a form's: it rotates). */
export const webhookFormValues = (data: Record<string, unknown>) => ({
  url: data.url,
  events: data.events,
  enabled: data.enabled,
  description: data.description ?? '',
});

/** URL, events, on or off, a description: one form for create and edit, checked by the contract's schema. */
export function WebhookForm({ schema }: { schema: ResourceSchemas['create'] }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      validate={schemaCheck(schema, translate)}
      defaultValues={{ url: '', events: [...WEBHOOK_EVENTS], enabled: true, description: '' }}
    >
      <TextInput source="url" label="resources.webhook.fields.url" isRequired fullWidth helperText="resources.webhook.help.url" />
      <CheckboxGroupInput source="events" label="resources.webhook.fields.events" choices={eventChoices} isRequired row={false} />
      <BooleanInput source="enabled" label="resources.webhook.fields.enabled" />
      <TextInput source="description" label="resources.webhook.fields.description" fullWidth />
    </SimpleForm>
  );
}
