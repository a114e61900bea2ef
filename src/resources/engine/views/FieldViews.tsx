import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type MouseEvent, type ReactElement } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanField,
  DataTable,
  BooleanInput,
  DateTimeInput,
  Link,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { canAccess } from '../../../access';
import { useSession } from '../../../session';
import { idsOf, isReadOnlyIn, type FormMode } from '../fields';
import { choiceSourceOf } from '../lookups';
import { useDisplayTimeZone } from '../displayTimeZone';
import { useFormat } from '../../../i18n/useFormat';
import { humanize } from '../declaredTexts';
import type { Choice, FieldDeclaration, ResourceDefinition, ServerRecord } from '../types';
import { SuggestInput } from './SuggestInput';
import { useFieldChoices } from './useChoices';
import { ChainValueField } from './ChainValueField';

const MONOSPACE = { fontFamily: 'monospace' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** Figures of one width, so a right-aligned column lines its digits up. */
const FIGURES = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface FieldProps {
  definition: ResourceDefinition;
  field: FieldDeclaration;
}

/** Where a value is shown: a table cell (shortened values), a record's page (whole values), or a phone's list row (itself one button: no buttons inside). */
export type FieldPlace = 'list' | 'show' | 'row';

/**
 * Props Datagrid, SimpleShowLayout and filter forms read from their children's
 * elements: give them with every generated field, input or filter.
 */
const elementProps = (definition: ResourceDefinition, field: FieldDeclaration, translate: Translate) => ({
  source: field.source,
  label: fieldLabel(definition, field.source, translate),
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const fieldLabel = (definition: ResourceDefinition, source: string, translate: Translate) =>
  translate(definition.fieldKey(source), { _: humanize(source) });

/* ---------- display (list cells, show rows) ---------- */

function ChoiceLabel({ field }: FieldProps) {
  const record = useRecordContext<ServerRecord>();
  const { choices } = useFieldChoices(field, record);
  if (!record) return null;
  const source = choiceSourceOf(field);
  const values = field.kind === 'referenceList' ? idsOf(record[field.source], source?.value ?? 'id') : [record[field.source]];
  const nameOf = (value: unknown) => choices.find((c) => String(c.id) === String(value))?.name ?? String(value);
  const present = values.filter((v) => v !== undefined && v !== null && v !== '');
  if (field.kind === 'referenceList') {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
        {present.map((value) => (
          <Chip key={String(value)} size="small" label={nameOf(value)} />
        ))}
      </Stack>
    );
  }
  return (
    <Typography variant="body2" component="span">
      {present.length > 0 ? nameOf(present[0]) : ''}
    </Typography>
  );
}

function ItemLines({ field }: FieldProps) {
  const record = useRecordContext<ServerRecord>();
  const format = useFormat();
  if (field.kind !== 'list' || !record) return null;
  const items = Array.isArray(record[field.source]) ? (record[field.source] as ServerRecord[]) : [];
  return (
    <Stack spacing={0.25}>
      {items.map((item, index) => (
        <Typography key={index} variant="body2" sx={FIGURES}>
          {field.itemText(item, (value) => format.amount(value == null ? '' : String(value)))}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * An id of a record on another route, opening its show view (not the row's own click). A role that may
 * not open that route reads the name without a link (a lite merchant's movement names its proposal too).
 */
function RecordLink({ field }: FieldProps) {
  const record = useRecordContext<ServerRecord>();
  const { roleIndex } = useSession();
  const value = record?.[field.source];
  if (!record || field.kind !== 'number' || !field.link || value === undefined || value === null) return null;
  const label = field.linkLabel?.(record) ?? `#${String(value)}`;
  // A record's name is read as one piece: it does not break across lines.
  if (!canAccess(roleIndex, field.link))
    return (
      <Typography variant="body2" sx={NO_WRAP}>
        {label}
      </Typography>
    );
  return (
    <Link to={`${field.link}/${String(value)}/show`} onClick={(event: MouseEvent) => event.stopPropagation()} sx={NO_WRAP}>
      {label}
    </Link>
  );
}

/** One lazy component per declared `display` loader, however many cells show it. */
const customDisplays = new WeakMap<NonNullable<FieldDeclaration['display']>, LazyExoticComponent<ComponentType>>();

function CustomDisplay({ load }: { load: NonNullable<FieldDeclaration['display']> }) {
  let Display = customDisplays.get(load);
  if (!Display) {
    Display = lazy(load);
    customDisplays.set(load, Display);
  }
  return (
    <Suspense fallback={null}>
      <Display />
    </Suspense>
  );
}

function FieldDisplay({ definition, field, place }: FieldProps & { place: FieldPlace }) {
  const { source } = field;
  if (field.display) return <CustomDisplay load={field.display} />;
  switch (field.kind) {
    case 'number':
      return field.link ? <RecordLink definition={definition} field={field} /> : <NumberValue field={field} />;
    case 'amount':
      return <AmountValue field={field} />;
    case 'address':
      return <ChainValueField field={field} compact={place !== 'show'} actions={place !== 'row'} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'dateTime':
      return <ZonedDateTime definition={definition} field={field} />;
    case 'enum':
      return Array.isArray(field.choices) || (choiceSourceOf(field)?.freeText ?? false) ? (
        <EnumLabel definition={definition} field={field} />
      ) : (
        <ChoiceLabel definition={definition} field={field} />
      );
    case 'reference':
    case 'referenceList':
      return <ChoiceLabel definition={definition} field={field} />;
    case 'list':
      return <ItemLines definition={definition} field={field} />;
    default:
      return <TextField source={source} />;
  }
}

function NumberValue({ field }: { field: FieldDeclaration }) {
  const record = useRecordContext<ServerRecord>();
  const format = useFormat();
  const value = record?.[field.source];
  const grouping = field.kind === 'number' ? (field.grouping ?? true) : true;
  return (
    <Typography variant="body2" component="span" sx={FIGURES}>
      {typeof value === 'number' ? format.number(value, grouping) : value == null ? '' : String(value)}
    </Typography>
  );
}

/** The precision a record's amount is shown with: a fixed one, or the record field holding it; else the default. */
const amountDecimalsOf = (field: FieldDeclaration, record: ServerRecord | undefined): number | undefined => {
  if (field.kind !== 'amount') return undefined;
  if (typeof field.decimals === 'number') return field.decimals;
  const held = field.decimals && 'field' in field.decimals ? record?.[field.decimals.field] : undefined;
  return typeof held === 'number' ? held : undefined;
};

/** Decimal strings stay strings (docs/ledger.md): formatted digit by digit, never through a JS number. */
function AmountValue({ field }: { field: FieldDeclaration }) {
  const record = useRecordContext<ServerRecord>();
  const translate = useTranslate();
  const format = useFormat();
  const value = record?.[field.source];
  const emptyText = field.kind === 'amount' ? field.emptyText : undefined;
  const blank = value === undefined || value === null || value === '';
  return (
    <Typography variant="body2" component="span" sx={FIGURES}>
      {blank ? (emptyText ? translate(emptyText, { _: emptyText }) : '') : format.amount(value as string, amountDecimalsOf(field, record))}
    </Typography>
  );
}

function ZonedDateTime({ definition, field }: FieldProps) {
  const [timeZone] = useDisplayTimeZone(definition.resourceName);
  const record = useRecordContext<ServerRecord>();
  const format = useFormat();
  const value = record?.[field.source] as string | null | undefined;
  return (
    <Typography variant="body2" component="span" title={value ?? undefined} sx={{ whiteSpace: 'nowrap' }}>
      {format.dateTime(value, timeZone)}
    </Typography>
  );
}

function EnumLabel({ field }: FieldProps) {
  const translate = useTranslate();
  const record = useRecordContext<ServerRecord>();
  const value = record?.[field.source];
  const choice =
    field.kind === 'enum' && Array.isArray(field.choices)
      ? (field.choices as ReadonlyArray<string | Choice>).find((c) => (typeof c === 'string' ? c : c.id) === value)
      : undefined;
  const text = choice === undefined ? value : typeof choice === 'string' ? choice : choice.name;
  // Choice names may be translation keys (as react-admin's inputs translate them); other text passes through.
  return (
    <Typography variant="body2" component="span">
      {text === undefined || text === null ? '' : translate(String(text), { _: String(text) })}
    </Typography>
  );
}

/** A list column or show row. `sortable` is read by Datagrid from the element. */
export function FieldValue(
  props: FieldProps & { source: string; label: string; sortable?: boolean; textAlign?: 'right'; place?: FieldPlace },
) {
  return <FieldDisplay definition={props.definition} field={props.field} place={props.place ?? 'list'} />;
}

/**
 * The keyboard of a text of a known format (the phone's keypad, the mail keyboard). An input mode,
 * not an input type: a type="email" input would be judged by the browser's own bubble before the
 * form's schema, in other words than the server's.
 */
const INPUT_MODE = { email: 'email', url: 'url', phone: 'tel' } as const;

/** Money and counts line up on the right, as a finance table reads them. */
const isNumeric = (field: FieldDeclaration) => field.kind === 'amount' || (field.kind === 'number' && !field.link);

export const fieldValueElement = (
  definition: ResourceDefinition,
  field: FieldDeclaration,
  translate: Translate,
  place: FieldPlace = 'list',
): ReactElement => (
  <FieldValue
    key={field.source}
    {...elementProps(definition, field, translate)}
    definition={definition}
    field={field}
    sortable={field.sortable ?? false}
    textAlign={isNumeric(field) ? 'right' : undefined}
    place={place}
  />
);

/**
 * A list's column for react-admin's DataTable: the same rendering as `fieldValueElement`, sorted
 * on the server by its source when the declaration allows, hidden and shown by the column chooser
 * (keyed by its source).
 */
export const listColumnElement = (definition: ResourceDefinition, field: FieldDeclaration, translate: Translate): ReactElement => (
  <DataTable.Col
    key={field.source}
    source={field.source}
    label={fieldLabel(definition, field.source, translate)}
    disableSort={!(field.sortable ?? false)}
    align={isNumeric(field) ? 'right' : undefined}
  >
    <FieldDisplay definition={definition} field={field} place="list" />
  </DataTable.Col>
);

/* ---------- form inputs ---------- */

/** Values of the form fields a lookup depends on. */
function useDependencies(field: FieldDeclaration): Record<string, unknown> {
  const names = Object.values(choiceSourceOf(field)?.dependsOn ?? {});
  const values = useWatch({ name: names }) as unknown[] | undefined;
  return Object.fromEntries(names.map((name, i) => [name, values?.[i]]));
}

interface InputProps extends FieldProps {
  mode: FormMode | 'filter';
}

function ChoiceInput({ definition, field, mode }: InputProps) {
  const translate = useTranslate();
  const dependencies = useDependencies(field);
  const { choices, records, isPending } = useFieldChoices(field, dependencies);
  const source = choiceSourceOf(field);
  const common = inputProps(definition, field, mode, translate);
  if (field.kind === 'referenceList') {
    const valueField = source?.value ?? 'id';
    return (
      <AutocompleteArrayInput
        {...common}
        choices={choices}
        isPending={isPending}
        format={(value: unknown) => idsOf(value, valueField)}
        onCreate={source?.freeText ? createdChoice : undefined}
      />
    );
  }
  if (source?.freeText) {
    return (
      <SuggestInput
        source={field.source}
        label={common.label}
        isRequired={common.isRequired}
        readOnly={common.readOnly}
        helperText={common.helperText}
        choiceSource={source}
        choices={choices}
        records={records}
        isPending={isPending}
      />
    );
  }
  return <SelectInput {...common} choices={choices} isPending={isPending} />;
}

/** Fixed choices narrowed by the record chosen in another field of the form (see `narrowedBy`). */
function NarrowedEnumInput({ definition, field, mode, choices }: InputProps & { choices: Choice[] }) {
  const translate = useTranslate();
  const narrowing = field.kind === 'enum' ? field.narrowedBy : undefined;
  const related = definition.fields.find((f) => f.source === narrowing?.field) ?? field;
  const dependencies = useDependencies(related);
  const { records } = useFieldChoices(related, dependencies);
  const chosen = useWatch({ name: related.source }) as unknown;
  const valueField = choiceSourceOf(related)?.value ?? 'id';
  const record = records.find((r) => String(r[valueField]) === String(chosen));
  const allowed = new Set(narrowing?.choices(record) ?? []);
  return <SelectInput {...inputProps(definition, field, mode, translate)} choices={choices.filter((c) => allowed.has(String(c.id)))} />;
}

/** A typed-in value (a new ticker symbol). */
function createdChoice(text = ''): Choice {
  const value = text.trim();
  return { id: value, name: value };
}

function inputProps(definition: ResourceDefinition, field: FieldDeclaration, mode: InputProps['mode'], translate: Translate) {
  const filter = mode === 'filter';
  return {
    source: field.source,
    label: fieldLabel(definition, field.source, translate),
    // The form-level validator decides; this only marks the label.
    isRequired: !filter && Boolean(field.required),
    readOnly: !filter && isReadOnlyIn(field, mode),
    helperText: !filter && field.help ? translate(field.help) : false,
    fullWidth: filter ? undefined : (field.fullWidth ?? (field.kind === 'address' || (field.kind === 'text' && field.multiline))),
  } as const;
}

/**
 * A field the server fills in some cases (`madeByServer`): then a note in place of the input, and
 * a value typed before (another kind chosen since) is dropped, so it is not sent.
 */
function MadeByServerInput({ definition, field, mode, made }: InputProps & { made: NonNullable<FieldDeclaration['madeByServer']> }) {
  const translate = useTranslate();
  const { chainList } = useSession();
  const values = useWatch() as ServerRecord;
  const { setValue } = useFormContext();
  const chain = chainList.find((c) => String(c.chainId) === String(values.chainId));
  const isMade = made.when(values, chain);
  const typed = values[field.source];
  useEffect(() => {
    if (isMade && typed !== undefined) setValue(field.source, undefined);
  }, [isMade, typed, field.source, setValue]);
  if (!isMade) return <PlainFieldInput definition={definition} field={field} mode={mode} />;
  return (
    <Stack sx={{ my: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {fieldLabel(definition, field.source, translate)}
      </Typography>
      <Typography variant="body2">{translate(made.note)}</Typography>
    </Stack>
  );
}

export function FieldInput(props: InputProps) {
  const { field, mode } = props;
  if (field.madeByServer && mode !== 'filter' && !isReadOnlyIn(field, mode))
    return <MadeByServerInput {...props} made={field.madeByServer} />;
  return <PlainFieldInput {...props} />;
}

function PlainFieldInput({ definition, field, mode }: InputProps) {
  const translate = useTranslate();
  const common = inputProps(definition, field, mode, translate);
  switch (field.kind) {
    case 'number':
      return <NumberInput {...common} />;
    case 'amount':
      return <TextInput {...common} inputProps={{ inputMode: 'decimal', style: MONOSPACE }} />;
    case 'address':
      if (field.suggest && mode !== 'filter') return <ChoiceInput definition={definition} field={field} mode={mode} />;
      return <TextInput {...common} inputProps={{ spellCheck: false, autoComplete: 'off', style: MONOSPACE }} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'dateTime':
      return <DateTimeInput {...common} />;
    case 'enum':
      if (Array.isArray(field.choices)) {
        const choices = (field.choices as ReadonlyArray<string | Choice>).map((c) => (typeof c === 'string' ? { id: c, name: c } : c));
        if (field.narrowedBy && mode !== 'filter' && !common.readOnly)
          return <NarrowedEnumInput definition={definition} field={field} mode={mode} choices={choices} />;
        return <SelectInput {...common} choices={choices} />;
      }
      return <ChoiceInput definition={definition} field={field} mode={mode} />;
    case 'reference':
    case 'referenceList':
      return <ChoiceInput definition={definition} field={field} mode={mode} />;
    case 'list':
      return null;
    default:
      return (
        <TextInput
          {...common}
          multiline={field.multiline}
          inputProps={field.kind === 'text' && field.format ? { inputMode: INPUT_MODE[field.format] } : undefined}
        />
      );
  }
}

/* ---------- list filters ---------- */

function BooleanFilter({ definition, field }: FieldProps) {
  const translate = useTranslate();
  const label = fieldLabel(definition, field.source, translate);
  const choices = [
    { id: 'true', name: translate('ra.boolean.true') },
    { id: 'false', name: translate('ra.boolean.false') },
  ];
  return <SelectInput source={field.source} label={label} choices={choices} />;
}

function FilterInput({ definition, field, label }: FieldProps & { source: string; label: string; alwaysOn?: boolean }) {
  if (field.kind === 'boolean') return <BooleanFilter definition={definition} field={field} />;
  // Text searches: addresses, amounts and free-text enums (a symbol) are matched as typed.
  const typed = field.kind === 'address' || field.kind === 'amount' || (field.kind === 'enum' && Boolean(choiceSourceOf(field)?.freeText));
  if (typed) return <TextInput source={field.source} label={label} />;
  return <FieldInput definition={definition} field={field} mode="filter" />;
}

/** A filter of the list; `alwaysOn` and `source` are read by the filter form from the element. */
export const filterElement = (definition: ResourceDefinition, field: FieldDeclaration, translate: Translate): ReactElement => (
  <FilterInput
    key={field.source}
    {...elementProps(definition, field, translate)}
    definition={definition}
    field={field}
    alwaysOn={field.filterable === 'alwaysOn' || undefined}
  />
);
