// Serving a stored file from an open descriptor needs no waiting, and in a Next.js server every
// promise costs: each one passes through AsyncLocalStorage's hooks (Node 20), which measurably
// slowed the media fast path (docs/performance.md). So the serving path hands values over directly
// when they are at hand, and promises only when something really waits (a first open, S3).
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` now when the value is at hand, else once the promise settles. */
export function whenReady<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
