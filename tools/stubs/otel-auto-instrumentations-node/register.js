"use strict";
// `node --require @opentelemetry/auto-instrumentations-node/register` starts a tracing SDK in the real package;
// here it says plainly that openkyc installs none, rather than starting nothing silently.
throw new Error(
  "openkyc replaces @opentelemetry/auto-instrumentations-node with an empty package (docs/architecture.md): " +
    "install the real package to use its register hook",
);
