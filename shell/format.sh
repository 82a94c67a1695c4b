#!/bin/bash
# Formats the code base with ruff.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check --fix .
ruff format .
