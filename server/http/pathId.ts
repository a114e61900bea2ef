import { recordId } from '../../src/contract/schemas/listQuery';
import { validate } from '../../src/contract/validation';
import { badRequest } from './apiError';

/** The `{id}` of a path such as /sys/<name>/delete/{id}, refused as a 400 field error when it is not an id. */
export function pathId(params: Record<string, string>, name = 'id'): number {
  const result = validate(recordId, params[name]);
  if (!result.ok) throw badRequest({ [name]: result.errors[''] ?? { key: 'validation.invalidId' } });
  return result.data;
}
