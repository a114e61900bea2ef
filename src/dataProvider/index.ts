export { createHttpClient, toQueryString } from './httpClient';
export type { HttpClient, HttpClientDeps } from './httpClient';
export { createDataProvider } from './dataProvider';
export type { ConsoleDataProvider, ResourceEndpoint, ResourceRegistry } from './dataProvider';
export type { ConsoleMethods } from './consoleMethods';
