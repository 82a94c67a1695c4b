#!/bin/bash
# Regenerates keras/api/ from the @keras_export decorators, then formats it.
set -euo pipefail
cd "$(dirname "$0")/.."
python api_gen.py
