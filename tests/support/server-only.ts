// Stand-in for the "server-only" guard: tests run lib/ code on the server side.
export {};
