import { createDataProvider } from './dataProvider';
import { http } from './http';
import { resourceRegistry } from './resources';

/** react-admin's dataProvider over the one HTTP client; the console chunk loads it, the sign-in page does not. */
export const dataProvider = createDataProvider(http, resourceRegistry);
