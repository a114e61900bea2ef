export { ErrorPage } from './ErrorPage';
export { HomeButton } from './errorActions';
export { ReloadButton } from './ReloadButton';
export { ForbiddenPage, ServerErrorPage, NotFoundPage } from './statusPages';
export { ScreenErrorBoundary } from './ScreenErrorBoundary';
