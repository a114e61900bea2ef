import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useCanAccess,
} from 'react-admin';
import { CHAIN_FAMILIES, chainBody, chainUpdateBody } from '../../contract/schemas/chain';
import { schemaValidator } from '../../shell/formValidation';

const familyChoices = CHAIN_FAMILIES.map((id) => ({ id, name: id.toUpperCase() }));

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  <SelectInput key="family" source="family" choices={familyChoices} />,
  <SelectInput key="enabled" source="enabled" choices={[{ id: 'true', name: 'Yes' }, { id: 'false', name: 'No' }]} />,
];

export function NetworkList() {
  const { canAccess: canEdit } = useCanAccess({ resource: 'network', action: 'edit' });
  return (
    <List filters={filters} sort={{ field: 'chainId', order: 'ASC' }}>
      <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
        <NumberField source="chainId" options={{ useGrouping: false }} />
        <TextField source="name" />
        <TextField source="family" />
        <TextField source="symbol" />
        <NumberField source="confirmations" />
        <BooleanField source="isDefault" />
        <BooleanField source="enabled" />
      </Datagrid>
    </List>
  );
}

function NetworkForm() {
  return (
    <>
      <NumberInput source="chainId" />
      <TextInput source="name" />
      <SelectInput source="family" choices={familyChoices} />
      <TextInput source="symbol" />
      <TextInput source="rpcUrl" fullWidth />
      <TextInput source="explorerUrl" fullWidth />
      <NumberInput source="confirmations" />
      <BooleanInput source="isDefault" />
      <BooleanInput source="enabled" />
    </>
  );
}

export function NetworkCreate() {
  return (
    <Create redirect="list">
      <SimpleForm validate={schemaValidator(chainBody)} defaultValues={{ family: 'evm', confirmations: 12, isDefault: false, enabled: true }}>
        <NetworkForm />
      </SimpleForm>
    </Create>
  );
}

export function NetworkEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm validate={schemaValidator(chainUpdateBody)}>
        <NetworkForm />
      </SimpleForm>
    </Edit>
  );
}
