/** Stands in for `cross-fetch` in the browser bundle, where the platform's fetch is always there. */
export default globalThis.fetch.bind(globalThis);
