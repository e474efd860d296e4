/**
 * Step-up ("sudo mode"): a sensitive call on a session that gave no second factor in the last 5 minutes is refused
 * with 403 and a field error named `step_up` (docs/decisions/0003-sign-in-and-sessions.md, "Step-up and recovery
 * codes"). The API client (api.ts) then asks here for a step-up and, once the session is fresh, sends the call again,
 * once.
 *
 * There is one prompt at a time: calls refused while it is open wait for the same answer. The prompt itself is a
 * modal (app/StepUpHost.tsx) that subscribes here, asks for a code, calls `POST /api/user/step-up` and then says
 * `stepUpSucceeded()`, or `stepUpCancelled()` when the user gives up: every waiting call is then refused (api.ts's
 * StepUpCancelledError: nothing was changed). No imports: api.ts imports this.
 */

/** How the prompt's promise fails when the user cancels it (api.ts turns it into its StepUpCancelledError). */
export class StepUpPromptCancelled extends Error {
  constructor() {
    super('The step-up was cancelled.');
    this.name = 'StepUpPromptCancelled';
  }
}

interface Prompt {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

let prompt: Prompt | null = null;
/** Counts the step-ups made: a call sent before the last one may just be sent again, without a new prompt. */
let generation = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The number of step-ups so far: read it before sending a call, give it to `stepUpFor`. */
export function stepUpGeneration(): number {
  return generation;
}

/**
 * Resolves once the session has stepped up after the call sent at `sentAt` (a `stepUpGeneration()`): at once when
 * a step-up succeeded since (that call was refused before it), else when the prompt, opened now or already open,
 * succeeds. Rejects with StepUpPromptCancelled when the user cancels the prompt.
 */
export function stepUpFor(sentAt: number): Promise<void> {
  if (generation !== sentAt) return Promise.resolve();
  if (!prompt) {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    prompt = { promise, resolve, reject };
    notify();
  }
  return prompt.promise;
}

/** For the prompt: whether it should be open, and a subscription to that (useSyncExternalStore). */
export function stepUpPromptOpen(): boolean {
  return prompt !== null;
}

export function subscribeStepUp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the prompt: the session stepped up; every waiting call is sent again. */
export function stepUpSucceeded(): void {
  const current = prompt;
  generation += 1;
  prompt = null;
  notify();
  current?.resolve();
}

/** For the prompt: the user gave up; every waiting call is refused. */
export function stepUpCancelled(): void {
  const current = prompt;
  prompt = null;
  notify();
  current?.reject(new StepUpPromptCancelled());
}
