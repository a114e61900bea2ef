/**
 * Puts text on the clipboard; false when the browser refuses. On plain http (no secure
 * context) `navigator.clipboard` does not exist at all, so the refusal is a thrown TypeError,
 * not a rejected promise: callers get one answer for both and say "copy failed".
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
