// The embedded PostgreSQL for the TypeScript scripts and the tests. The code is plain JavaScript in
// postgres-cluster.mjs, so that the launcher `npm start` keeps beside the app (scripts/run.mjs) runs
// it with plain `node`; its types are in postgres-cluster.d.mts.
export * from "./postgres-cluster.mjs";
