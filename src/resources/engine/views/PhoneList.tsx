import { Box, Stack } from '@mui/material';
import { SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { fieldsFor } from '../fields';
import type { FieldDeclaration, ResourceDefinition } from '../types';
import { FieldValue, fieldLabel } from './FieldViews';

export interface PhoneLines {
  primary?: FieldDeclaration;
  secondary: FieldDeclaration[];
  tertiary?: FieldDeclaration;
  /** The currency the right-hand amount is in (a `symbol` column), shown beside it: an amount alone says nothing. */
  unit?: FieldDeclaration;
}

/** Kinds that name a row (its label, order number, chain) rather than measure it; ids and addresses only when nothing else does. */
const NAMING = new Set<FieldDeclaration['kind']>(['text', 'enum', 'reference']);
const IDENTIFYING = new Set<FieldDeclaration['kind']>(['number', 'address']);

/**
 * A list row on a phone, from the declaration's columns in their order: the first naming field
 * as the title, the first amount (else the first time) on the right, the next two columns
 * beneath. The rest is one tap away, on the record's page.
 */
export function phoneLines(definition: Pick<ResourceDefinition, 'fields'>): PhoneLines {
  const columns = fieldsFor(definition, 'list');
  const primary = columns.find((f) => NAMING.has(f.kind)) ?? columns.find((f) => IDENTIFYING.has(f.kind)) ?? columns[0];
  const tertiary = columns.find((f) => f !== primary && f.kind === 'amount') ?? columns.find((f) => f !== primary && f.kind === 'dateTime');
  const unit = tertiary?.kind === 'amount' ? columns.find((f) => f !== primary && f.source === 'symbol') : undefined;
  const secondary = columns.filter((f) => f !== primary && f !== tertiary && f !== unit).slice(0, 2);
  return { primary, secondary, tertiary, unit };
}

/** react-admin's SimpleList with the lines above: a table of many columns does not fit 390 px. */
export function PhoneList({
  definition,
  rowClick,
}: {
  definition: ResourceDefinition;
  rowClick: (id: unknown, resource: unknown, record: RaRecord) => string | false;
}) {
  const translate = useTranslate();
  const lines = phoneLines(definition);
  const value = (field: FieldDeclaration) => (
    <FieldValue
      key={field.source}
      definition={definition}
      field={field}
      source={field.source}
      label={fieldLabel(definition, field.source, translate)}
      place="row"
    />
  );
  return (
    <SimpleList
      rowClick={(id, resource, record) => rowClick(id, resource, record)}
      primaryText={lines.primary ? <Box component="span">{value(lines.primary)}</Box> : undefined}
      secondaryText={
        lines.secondary.length > 0 ? (
          <Stack
            component="span"
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            divider={<span>·</span>}
          >
            {lines.secondary.map(value)}
          </Stack>
        ) : undefined
      }
      tertiaryText={
        lines.tertiary ? (
          <Box component="span" sx={{ float: 'right', whiteSpace: 'nowrap' }}>
            {value(lines.tertiary)}
            {lines.unit && <> {value(lines.unit)}</>}
          </Box>
        ) : undefined
      }
    />
  );
}
