/**
 * A mistake in a resource declaration (a route missing from the route table, a field
 * declared twice…). It is thrown while the console's module runs, so it is no missing
 * chunk: the start-up shows its message instead of "could not be loaded — reload", which
 * would send a developer looking in the wrong place. Free of React and of the engine: the
 * start-up's loader recognises it.
 */
export class DeclarationError extends Error {
  readonly declaration = true;
  override name = 'DeclarationError';
}

export const isDeclarationError = (error: unknown): error is DeclarationError =>
  typeof error === 'object' && error !== null && (error as { declaration?: unknown }).declaration === true;
