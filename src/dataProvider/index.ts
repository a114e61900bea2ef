export { createHttpClient, toQueryString } from './httpClient';
export type { DownloadedFile, ErrorBody, HttpClient, HttpClientDeps, HttpMethod, QueryParams, RequestOptions } from './httpClient';
export { createDataProvider } from './dataProvider';
export type { ResourceEndpoint, ResourceRegistry } from './dataProvider';
export { ErrorKey, endsSession, messageKeyOf, statusOf } from './errorCatalogue';
export type { CallFailure } from './errorCatalogue';
export { toSubmissionErrors } from './fieldErrors';
export type { SubmissionErrors, Translate } from './fieldErrors';
