/** An instant in the browser's locale and zone; a dash for none (an order not paid). */
export const dateTime = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');
