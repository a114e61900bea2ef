import { Autocomplete, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Choice, ChoiceSource, ServerRecord } from '../types';

interface SuggestInputProps {
  source: string;
  label: string;
  isRequired: boolean;
  readOnly: boolean;
  helperText: string | false;
  choiceSource: ChoiceSource;
  choices: Choice[];
  records: ServerRecord[];
  isPending: boolean;
}

/**
 * A free-text input with suggestions (a ticker symbol): what is typed stays as typed —
 * a select would drop a value it does not list — and picking a suggestion fills the
 * inputs its source names (`fills`: a known symbol's name and decimals), which stay
 * editable.
 */
export function SuggestInput({
  source,
  label,
  isRequired,
  readOnly,
  helperText,
  choiceSource,
  choices,
  records,
  isPending,
}: SuggestInputProps) {
  const { field, fieldState } = useInput({ source });
  const { setValue } = useFormContext();
  const text = typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : '';
  const translate = useTranslate();
  const nameOf = (id: string) => choices.find((c) => String(c.id) === id)?.name ?? id;
  // A pasted address is compared as its chain does: EVM hex case aside, anything else exactly.
  const same = (a: string, b: string) => a === b || (/^0x/i.test(a) && a.toLowerCase() === b.toLowerCase());
  const matched = choiceSource.matchText && text ? records.find((r) => same(String(r[choiceSource.value]), text.trim())) : undefined;
  const matchHelp = matched && choiceSource.matchText ? choiceSource.matchText(matched) : null;

  const fill = (picked: string) => {
    const record = records.find((r) => String(r[choiceSource.value]) === picked);
    if (!record) return;
    for (const [input, from] of Object.entries(choiceSource.fills ?? {})) {
      if (record[from] !== undefined && record[from] !== null) setValue(input, record[from], { shouldDirty: true });
    }
  };

  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      readOnly={readOnly}
      loading={isPending}
      options={choices.map((c) => String(c.id))}
      renderOption={({ key, ...props }, id) => (
        <li key={key} {...props}>
          {nameOf(id)}
        </li>
      )}
      // The text is the value; nothing stays "selected", so picking the suggestion that equals the
      // typed text ("DAI", then its option) still counts as a pick and fills the other inputs.
      value={null}
      inputValue={text}
      onInputChange={(_event, typed, reason) => {
        // 'reset' is MUI echoing a selection (handled by onChange) or clearing for value null: not the user's.
        if (reason !== 'reset') field.onChange(typed);
      }}
      onChange={(_event, picked, reason) => {
        if (reason === 'selectOption' && typeof picked === 'string') {
          field.onChange(picked);
          fill(picked);
        }
      }}
      onBlur={field.onBlur}
      sx={{ width: choiceSource.matchText ? '100%' : { xs: '100%', sm: 320 } }}
      className="ra-input"
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          size="small"
          margin="dense"
          label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
          error={fieldState.invalid}
          helperText={
            <InputHelperText
              error={fieldState.error?.message}
              helperText={matchHelp ? translate(matchHelp.key, matchHelp.params) : helperText}
            />
          }
          inputProps={{ ...params.inputProps, spellCheck: false, 'data-testid': `input-${source}` }}
        />
      )}
    />
  );
}
