import type { FieldMessage } from '../contract/validation';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * react-admin's submission errors: field path → message, nested objects for nested
 * paths. The form puts each on its input; `root.serverError` is the form-wide one.
 */
export interface SubmissionErrors {
  [field: string]: string | SubmissionErrors;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldMessage = (value: Record<string, unknown>): value is Record<string, unknown> & FieldMessage => typeof value.key === 'string';

/**
 * Turns the `data` of a 400 (a field → message map, docs/api.md "Body codes") into react-admin's
 * shape. Plain strings stay as they are (react-admin translates them when it shows
 * them); `{key, params}` messages of the shared validation are translated here,
 * because react-admin would drop their params. The whole-body entry '' becomes the
 * form-wide `root.serverError`. Returns undefined when there is no field error.
 */
export function toSubmissionErrors(data: unknown, translate: Translate): SubmissionErrors | undefined {
  if (!isPlainObject(data)) return undefined;
  const errors: SubmissionErrors = {};
  for (const [field, value] of Object.entries(data)) {
    let message: string | SubmissionErrors | undefined;
    if (typeof value === 'string') message = value;
    else if (isPlainObject(value))
      message = isFieldMessage(value) ? translate(value.key, value.params) : toSubmissionErrors(value, translate);
    if (message === undefined) continue;
    if (field === '') errors.root = { serverError: message };
    else errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
