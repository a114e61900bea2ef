export { ForbiddenPage, ServerErrorPage, NotFoundPage } from './statusPages';
export { ScreenErrorBoundary } from './ScreenErrorBoundary';
