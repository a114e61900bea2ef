import { ErrorPage } from '../shell/errors/ErrorPage';
import { ReloadButton } from '../shell/errors/ReloadButton';
import { isDeclarationError } from '../resources/engine/declarationError';

/**
 * The console's chunk did not start. A chunk that is gone or late (a new deployment) asks
 * for a reload; a resource declaration mistake says exactly what is wrong, since a reload
 * cannot fix it (it never reaches a release: the typecheck and the unit tests fail first).
 */
export function ConsoleLoadFailure({ error }: { error: unknown }) {
  if (isDeclarationError(error)) {
    return (
      <ErrorPage
        titleKey="page.declarationErrorTitle"
        textKey="page.declarationError"
        detail={error.message}
        actions={<ReloadButton primary />}
      />
    );
  }
  return <ErrorPage titleKey="page.chunkFailedTitle" textKey="page.chunkFailed" actions={<ReloadButton primary />} />;
}
