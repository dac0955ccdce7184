"use strict";
// The package's API, with no instrumentation behind it: inngest 4's extendedTracesMiddleware (createProvider path)
// spreads getNodeAutoInstrumentations() into registerInstrumentations(); an empty list leaves Inngest's own spans
// working and instruments no third-party library. openkyc never enables that middleware (docs/architecture.md).
function getNodeAutoInstrumentations() {
  return [];
}
function getResourceDetectorsFromEnv() {
  return [];
}
module.exports = { getNodeAutoInstrumentations, getResourceDetectorsFromEnv };
