"""Generates `keras/api/` from the `@keras_export` marks in `keras/src/`.

Usage:
    python api_gen.py          # rewrite keras/api/
    python api_gen.py --check  # exit 1 if keras/api/ is stale
"""

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "keras"
API_DIR = os.path.join(ROOT, PACKAGE, "api")

_GENERATE = """
import os, sys
os.environ.setdefault("KERAS_BACKEND", "jax")
sys.path.insert(0, os.getcwd())
import namex
namex.generate_api_files("keras", code_directory="src", target_directory="api")
"""


def generate(target_root):
    """Writes a freshly generated `keras/api/` under `target_root`."""
    shutil.copytree(
        os.path.join(ROOT, PACKAGE, "src"),
        os.path.join(target_root, PACKAGE, "src"),
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    # The generator imports `keras.src.*`; an empty package root avoids
    # importing the (possibly stale) API being regenerated.
    open(os.path.join(target_root, PACKAGE, "__init__.py"), "w").close()
    subprocess.run(
        [sys.executable, "-c", _GENERATE], cwd=target_root, check=True
    )
    return os.path.join(target_root, PACKAGE, "api")


def _diff(left, right):
    comparison = filecmp.dircmp(left, right, ignore=["__pycache__"])
    problems = [f"only in {left}: {n}" for n in comparison.left_only]
    problems += [f"only in {right}: {n}" for n in comparison.right_only]
    problems += [
        f"differs: {os.path.join(right, n)}" for n in comparison.diff_files
    ]
    for name in comparison.common_dirs:
        problems += _diff(os.path.join(left, name), os.path.join(right, name))
    return problems


def main(argv):
    with tempfile.TemporaryDirectory() as tmp:
        generated = generate(tmp)
        if "--check" in argv:
            problems = (
                _diff(generated, API_DIR)
                if os.path.isdir(API_DIR)
                else [f"{API_DIR} does not exist"]
            )
            if problems:
                print("keras/api is stale; run shell/api_gen.sh.")
                print("\n".join(problems))
                return 1
            print("keras/api is up to date.")
            return 0
        shutil.rmtree(API_DIR, ignore_errors=True)
        shutil.copytree(generated, API_DIR)
        print(f"Wrote {API_DIR}")
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
