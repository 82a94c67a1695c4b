#!/bin/bash
# Checks formatting and lint rules with ruff (no changes made).
set -euo pipefail
cd "$(dirname "$0")/.."
ruff format --check .
ruff check .
