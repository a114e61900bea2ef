import { ErrorPage } from './ErrorPage';
import { HomeButton } from './errorActions';

/** /403: the role may not open what was asked for. */
export const ForbiddenPage = () => (
  <ErrorPage code="403" titleKey="page.forbiddenTitle" textKey="page.forbidden" actions={<HomeButton />} />
);
/** /500: the server failed. */
export const ServerErrorPage = () => (
  <ErrorPage code="500" titleKey="page.serverErrorTitle" textKey="page.serverError" actions={<HomeButton />} />
);
/** Any path no route knows (react-admin's `catchAll`). */
export const NotFoundPage = () => <ErrorPage code="404" titleKey="page.notFoundTitle" textKey="page.notFound" actions={<HomeButton />} />;
