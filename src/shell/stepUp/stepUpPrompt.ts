/**
 * The one question "type your code" that any write may raise (body code 428), between the HTTP
 * client, which waits for the answer, and the dialog mounted once in the layout, which asks it.
 * Plain TypeScript, so the client imports no UI. Writes refused together share one question.
 */
type Listener = () => void;

let answer: ((steppedUp: boolean) => void) | null = null;
let question: Promise<boolean> | null = null;
let askers = 0;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

export const stepUpPrompt = {
  /** Resolves true once the session stepped up, false when the user cancelled or no dialog is mounted (sign-in page). */
  ask(): Promise<boolean> {
    if (askers === 0) return Promise.resolve(false);
    question ??= new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    emit();
    return question;
  },
  isOpen: () => question !== null,
  finish(steppedUp: boolean) {
    answer?.(steppedUp);
    answer = null;
    question = null;
    emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The dialog says it is there to ask; returns its goodbye. */
  mount() {
    askers += 1;
    return () => {
      askers -= 1;
      if (askers === 0) stepUpPrompt.finish(false);
    };
  },
};
