export { ErrorPage, ForbiddenPage, ServerErrorPage, NotFoundPage } from './ErrorPage';
export { ScreenErrorBoundary } from './ScreenErrorBoundary';
