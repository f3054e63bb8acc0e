#!/bin/sh
# The entry of the pre-commit hook (.pre-commit-hooks.yaml, language: script).
# pre-commit runs it from its own clone of this repository at the hook's rev;
# the first run builds the command there (npm ci, npm run build), later runs
# reuse it. pre-commit's node language cannot install this package: it reads
# the tarball's name from the output of `npm pack`, which the build log of
# the prepare script spoils.
set -eu
repo=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
if [ ! -f "$repo/dist/cli.js" ]; then
  echo "writing-rules: building the command once in $repo (npm ci, npm run build)" >&2
  if ! (cd "$repo" && npm ci --ignore-scripts --prefer-offline --no-audit --no-fund >&2 && npm run build >&2); then
    echo "writing-rules: the build failed (see above); Node.js 20 or later and npm are needed" >&2
    exit 2
  fi
fi
exec node "$repo/dist/cli.js" check "$@"
