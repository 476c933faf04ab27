// Process-wide state, in one typed registry (docs/architecture.md "Process-wide state").
//
// Some things must exist once per process however often their module is loaded: the database pools,
// the job runner, the metrics, the login throttle, the cache handler. A module can be loaded more than
// once in one process: Next bundles lib/ into its server code while server.ts and the scripts load it
// through tsx, Next loads its cache handler (lib/cache/handler.mjs) apart from both, and a hot reload
// in development loads modules anew. Module variables would then be duplicated, so these live on one
// object kept on globalThis under a registered symbol, the same object for every copy of this module.
// Nothing else in the code reaches into globalThis for state (tests/unit/process-state.test.ts).
//
// Each slot is declared beside the code that fills it, by augmenting ProcessState:
//
//   declare module "@/lib/process-state" {
//     interface ProcessState { jobs: Promise<JobRunner> }
//   }
//
// so this file depends on nothing, and a reader finds a slot's type and owner by its name.

/** The slots of the registry, declared by their owners (see above). Every slot is empty until filled. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ProcessState {}

/**
 * The registry's key on globalThis. lib/cache/handler.mjs, plain JavaScript that Next loads outside
 * the bundle, joins the registry through the same key.
 */
const PROCESS_STATE_KEY = Symbol.for("marquee.processState");

const holder = globalThis as unknown as Record<symbol, Partial<ProcessState> | undefined>;

/** This process's registry: the same object for every copy of this module. */
export const processState: Partial<ProcessState> = (holder[PROCESS_STATE_KEY] ??= {});
