// The one Node.js module the Worker uses (nodejs_compat): AsyncLocalStorage, typed here because the
// Worker's types are the Workers runtime's, not Node's (worker/lib/test-clock.ts).
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
