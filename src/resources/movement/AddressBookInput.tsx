import { useTranslate } from 'react-admin';
import type { FieldDeclaration } from '../engine/types';
import { useFieldChoices } from '../engine/views/useChoices';
import { SuggestInput } from '../engine/views/SuggestInput';
import { addressBookChoices } from './addressBookChoices';

const field: FieldDeclaration = { source: 'to', kind: 'address', suggest: addressBookChoices };

/**
 * The destination of a form outside the engine (a proposal's start): the org's address book on
 * the wallet's chain, or a pasted address, with the book's name shown for one it holds.
 */
export function AddressBookInput({ chainId, helperText }: { chainId: number | undefined; helperText: string | false }) {
  const translate = useTranslate();
  const { choices, records, isPending } = useFieldChoices(field, { chainId });
  return (
    <SuggestInput
      source="to"
      label={translate('resources.multisig.fields.to')}
      isRequired={false}
      readOnly={false}
      helperText={helperText}
      choiceSource={{ ...addressBookChoices, freeText: true }}
      choices={choices}
      records={records}
      isPending={isPending}
    />
  );
}
