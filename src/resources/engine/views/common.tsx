import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import {
  CreateButton,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RedirectionSideEffect,
} from 'react-admin';
import { session, useSession } from '../../../session';
import { createFormValidator } from '../formValidator';
import { fieldsFor, type FormMode } from '../fields';
import type { ResourceDefinition, ResourceSchemas, ServerRecord } from '../types';
import { useLookup } from './useChoices';
import { ListChain } from './ListChain';

/** "Networks", "Network": the resource's own translated name. */
export function useResourceName(definition: ResourceDefinition) {
  const translate = useTranslate();
  return (count: number) => translate(definition.nameKey, { smart_count: count, count, _: definition.name });
}

/** What names a record: its declared name (a movement's proposal), its `recordRepresentation` field ("Ethereum"), else "#3". */
export function recordDisplay(definition: ResourceDefinition, record: ServerRecord | undefined): string {
  const named = record ? definition.declaration.recordName?.(record) : null;
  if (named) return named;
  const field = definition.declaration.recordRepresentation;
  if (field && record?.[field] != null && record[field] !== '') return String(record[field]);
  return record?.id != null ? `#${String(record.id)}` : '';
}

/** "Network Ethereum" / "Network #3" on edit and show pages. */
export function RecordTitle({ definition }: { definition: ResourceDefinition }) {
  const record = useRecordContext<ServerRecord>();
  const name = useResourceName(definition)(1);
  return <span>{`${name} ${recordDisplay(definition, record)}`.trim()}</span>;
}

/**
 * A form's `mutationOptions`: on success say what was saved ("Currency DAI created",
 * "Network Polygon saved") instead of react-admin's "Element created", then go where
 * react-admin would have gone. A success toast also closes the failed submits' errors.
 * A record of a chain-scoped resource saved on another chain than the app bar's switches the
 * app bar to its chain, and the toast says so: the list one lands on shows it (docs/DECISIONS.md
 * "Saved on another chain").
 */
export function useSavedOutcome(
  definition: ResourceDefinition,
  outcome: 'created' | 'saved' | 'deleted',
  redirectTo: RedirectionSideEffect,
) {
  const notify = useNotify();
  const redirect = useRedirect();
  const name = useResourceName(definition)(1);
  const { chainList, currentChainObj } = useSession();
  return {
    onSuccess: (data: ServerRecord & { id?: string | number }, variables?: { data?: Record<string, unknown> }) => {
      const messageArgs = { name, record: recordDisplay(definition, data) };
      const chainId = definition.chainField ? (data[definition.chainField] ?? variables?.data?.[definition.chainField]) : undefined;
      const chain = outcome !== 'deleted' && chainId != null ? chainList.find((c) => String(c.chainId) === String(chainId)) : undefined;
      if (chain && chain.chainId !== currentChainObj?.chainId) {
        session.selectChain(chain.chainId);
        notify(`resourceEngine.${outcome}OnChain`, { type: 'success', messageArgs: { ...messageArgs, chain: chain.name } });
      } else {
        notify(`resourceEngine.${outcome}`, { type: 'success', messageArgs });
      }
      redirect(redirectTo, definition.resourceName, data.id, data);
    },
  };
}

/** No records yet (on the app bar's chain, which it names): say so, and offer "Create" only to roles whose mask allows it. */
export function EmptyState({ definition }: { definition: ResourceDefinition }) {
  const translate = useTranslate();
  const plural = useResourceName(definition)(2);
  const { canAccess } = useCanAccess({ resource: definition.resourceName, action: 'create' });
  return (
    <Box sx={{ textAlign: 'center', py: 6, flex: 1 }} data-testid="resource-empty">
      <ListChain definition={definition} />
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mb: 2 }}>
        {translate('resourceEngine.empty', { name: plural })}
      </Typography>
      {canAccess && <CreateButton resource={definition.resourceName} variant="contained" />}
    </Box>
  );
}

/** The form-level validator of a generated (or custom) form, from the shared schema. */
export function useFormValidate(definition: ResourceDefinition, mode: FormMode, schemas: ResourceSchemas | undefined) {
  const translate = useTranslate();
  const lookup = useLookup();
  const schema = mode === 'create' ? schemas?.create : schemas?.update;
  return useMemo(
    () =>
      createFormValidator({
        resource: definition,
        mode,
        schema,
        translate: (key, params) => translate(key, { _: key, ...params }),
        lookup,
      }),
    [definition, mode, schema, translate, lookup],
  );
}

/** A new record: the declared defaults, and the selected chain for chain-scoped resources. */
export function useCreateDefaults(definition: ResourceDefinition): Record<string, unknown> {
  // The chain's id, not its object: the session hands out a new object on every refresh, and
  // new defaults make react-admin reset the form, wiping what the user has typed.
  const chainId = useSession().currentChainObj?.chainId;
  return useMemo(() => {
    const defaults: Record<string, unknown> = {};
    for (const field of fieldsFor(definition, 'create')) if (field.default !== undefined) defaults[field.source] = field.default;
    if (definition.chainField && chainId !== undefined && defaults[definition.chainField] === undefined)
      defaults[definition.chainField] = chainId;
    return defaults;
  }, [definition, chainId]);
}
