import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { validate } from '../../src/contract/validation';
import { BodyCode } from '../../src/contract/envelope';
import { badRequest } from './apiError';

/**
 * How a route's zod schemas (`schema: {querystring, body, response}`, server/http/route.ts) run
 * in Fastify's own pipeline (docs/DECISIONS.md "Routes in Fastify's pipeline"). The type
 * provider (fastify-type-provider-zod) types them and describes them in the API's document; these
 * two compilers run them, because the contract's rules differ from the provider's defaults:
 * - a refusal names each field with a message both sides translate (src/contract/validation.ts),
 *   not zod's English sentence;
 * - a response schema is written for what a handler returns (a Date in, ISO text out), so it is
 *   parsed, not encoded (the provider's serializer encodes, which a one-way transform refuses).
 */

/** Query and body, checked by the contract's `validate` (a NUL character, then the schema); a missing body is an empty one. */
export const contractValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (input: unknown) => {
    const result = validate(schema, httpPart === 'body' ? (input ?? {}) : input);
    return result.ok ? { value: result.data } : { error: badRequest(result.errors) };
  };

/**
 * The answer as its schema has it: unknown keys stripped, dates as ISO text. An answer that does
 * not fit is this server's fault, not the caller's: a 500 whose log names the route and the
 * fields, and nothing unchecked goes out.
 */
export const contractSerializer: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return JSON.stringify(result.data);
    const fields = result.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
    throw new Error(`answer of ${method} ${url} does not fit its response schema: ${fields}`);
  };

const BODY_CODES = [...new Set<number>([...Object.values(BodyCode), 413, 415, 500])].sort((a, b) => a - b);

/** The envelope's body code (docs/api.md "Body codes"), one component of the API's document. */
const bodyCode = z
  .number()
  .int()
  .meta({
    id: 'BodyCode',
    description: `The envelope's body code: ${BODY_CODES.join(', ')}. HTTP stays 200 for all but 500 and 503; 200 is success, any other a refusal whose \`msg\` says why.`,
  });

/**
 * A refusal, as server/http/errorHandler.ts answers it: passed through whole (nothing stripped),
 * whatever its body code. `data` names each refused field for bad input, else null.
 */
export const refusal = z
  .looseObject({
    code: bodyCode.refine((code) => code !== BodyCode.ok),
    msg: z.string().meta({ description: 'What went wrong, in the language of Accept-Language.' }),
    description: z.string().optional(),
    // Open, so that no refusal is ever held back: this is the answer of every failure.
    data: z.unknown().meta({
      description: 'Field (dotted path) → the refusal, in the caller’s language; null when no field is to blame.',
    }),
  })
  .meta({ id: 'Refusal' });

/** The envelope around a route's `data`: success (body code 200) or a refusal with another body code. */
export const envelopeOf = (data: z.ZodType) => z.union([z.object({ code: z.literal(BodyCode.ok), msg: z.string(), data }), refusal]);
