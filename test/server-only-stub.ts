// vitest stand-in for the "server-only" marker package (tests run server code directly).
export {};
