import { CheckboxGroupInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { API_KEY_SCOPES } from '../../contract/apiKey';
import type { ResourceViewProps } from '../engine/types';
import { CreateShowingSecret } from '../engine/views/ShownOnce';
import { schemaCheck } from '../engine/views/schemaCheck';

const scopeChoices = API_KEY_SCOPES.map((id) => ({ id, name: `resources.api-key.scope.${id}` }));

/**
 * A name and the scopes; on success the key in a dialog, once (docs/api.md "Merchant API keys"):
 * the server keeps only its hash, so closing the dialog loses it for good. Then the list.
 */
export default function ApiKeyCreate({ definition, schemas }: ResourceViewProps) {
  const translate = useTranslate();
  return (
    <CreateShowingSecret
      definition={definition}
      secret={{ field: 'key', note: 'resources.api-key.onlyMerchantApi', testId: 'api-key-secret' }}
      transform={(data) => ({ name: data.name, scopes: data.scopes })}
    >
      <SimpleForm validate={schemaCheck(schemas?.create, translate)} defaultValues={{ name: '', scopes: ['orders:write', 'orders:read'] }}>
        <TextInput source="name" label="resources.api-key.fields.name" isRequired />
        <CheckboxGroupInput source="scopes" label="resources.api-key.fields.scopes" choices={scopeChoices} isRequired />
      </SimpleForm>
    </CreateShowingSecret>
  );
}
