#!/bin/bash
# Fresh machine -> main demo: creates .venv, installs, runs the demo on 8 CPU
# devices.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
pip install -q -r requirements.txt
pip install -q --no-deps -e .
python examples/gemma/finetune.py "$@"
