#!/bin/bash
# Upstream Keras' own test files, run against this repository.
#   bash shell/upstream_tests.sh                  every upstream test file
#   bash shell/upstream_tests.sh ops layers/core  some areas or files
#   bash shell/upstream_tests.sh --in-scope --report
#                                                 the files whose module exists
#                                                 here, then the report
#   bash shell/upstream_tests.sh --control --save-control
#                                                 what upstream itself passes
#   bash shell/upstream_tests.sh --control --save-control ops/numpy_test.py
#                                                 re-measure some files; their
#                                                 ids replace theirs in the
#                                                 committed control list
#   bash shell/upstream_tests.sh --check FILES    fail on unexplained failures
#   bash shell/upstream_tests.sh --source main --changed-from 3.15.1 ...
#                                                 upstream main's test files
#                                                 (../shared/upstream-main),
#                                                 those that changed since
#                                                 3.15.1; own control list
#                                                 and report (upstream-main)
# The upstream wheel is downloaded once (no dependencies) into
# ~/.cache/keras-conformance/3.15.1 (main's archive is installed into
# ~/.cache/keras-conformance/main for --control); the test files are
# extracted into a scratch folder outside the repository. See
# conformance/upstream_runner.py.
set -euo pipefail
cd "$(dirname "$0")/.."
# This checkout's .venv, else the main worktree's (for `git worktree`s).
main_checkout="$(dirname "$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || echo .git)")"
for venv in .venv "$main_checkout/.venv"; do
  if [ -f "$venv/bin/activate" ]; then
    . "$venv/bin/activate"
    break
  fi
done
exec python conformance/upstream_runner.py "$@"
