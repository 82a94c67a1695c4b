"""Runs upstream Keras' own test files against this repository.

The `*_test.py` files of an upstream source (`--source`, `SOURCES`: the
3.15.1 wheel by default, or the archive of upstream's main branch) are
extracted into a scratch folder outside the repository and run with
pytest, one process per file (with a timeout, so that one hang cannot stop
the run; the slowest files have longer ones, `FILE_TIMEOUTS`). Outcomes
are kept per test in `conformance/.results/`, so partial runs add to
earlier ones. Files that test another backend's own modules
(`OTHER_BACKEND_FILES`) are never run.

Modes:
  (default)  run the selected files against this repository's `keras`;
  --control  run them against upstream Keras itself (the source installed
             into the cache), which says what upstream passes on this
             machine;
             `--save-control` merges those ids into the committed list in
             `conformance/` (the files run replace their earlier ids, the
             others keep theirs), so a few files can be re-measured;
  --report   write `conformance/upstream-<source>.md` from the cache;
  --check    fail if a test that upstream passes fails here and is not
             listed in `conformance/deviations.md`.

Selectors are file paths relative to `keras/src` (`ops/numpy_test.py`) or
area prefixes (`layers/core`); none selects every file. `--in-scope` keeps
only the files whose module exists here at the same path, and
`--changed-from OTHER` those that are new or differ from source OTHER's.
Each source keeps its own outcomes, control list and report.
"""

import argparse
import concurrent.futures
import datetime
import fnmatch
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import typing
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFORMANCE = os.path.join(REPO, "conformance")
CACHE_ROOT = os.path.join(
    os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
    "keras-conformance",
)


class Source(typing.NamedTuple):
    """An upstream release or branch whose tests can be run."""

    name: str  # names the cache folder and the committed files
    title: str  # for headings
    origin: str  # where the test files come from, for the report
    # Path of the archive (a wheel or a tarball), fetched when needed.
    archive: typing.Callable[[], str]
    # Folder of `keras/` inside the archive.
    root: str
    # Folder of the outcomes under `conformance/.results` (3.15.1's are
    # at its top, where they were before there were several sources).
    results: str


def _wheel(version):
    def fetch():
        folder = os.path.join(CACHE_ROOT, version)
        path = os.path.join(folder, f"keras-{version}-py3-none-any.whl")
        if not os.path.exists(path):
            os.makedirs(folder, exist_ok=True)
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "-q", "--no-deps"]
                + [f"keras=={version}", "-d", folder],
                check=True,
            )
        return path

    return fetch


# Beside the checkout (`../shared`), unless the environment names another.
MAIN_ARCHIVE = os.path.join(
    os.path.dirname(REPO),
    "shared",
    "upstream-main",
    "keras-main-3422977.tar.gz",
)
SOURCES = {
    "3.15.1": Source(
        "3.15.1",
        "Upstream Keras 3.15.1",
        "the `keras` 3.15.1 wheel",
        _wheel("3.15.1"),
        "",
        "",
    ),
    "main": Source(
        "main",
        "Upstream Keras main (3.16.0 dev, commit 3422977)",
        "the archive of upstream's main branch "
        "(`shared/upstream-main/keras-main-3422977.tar.gz`)",
        lambda: os.environ.get("KERAS_UPSTREAM_MAIN_ARCHIVE", MAIN_ARCHIVE),
        "keras-main/",
        "main",
    ),
}
# The source being run; `--source` changes it.
SOURCE = SOURCES["3.15.1"]


def cache():
    """The current source's cache folder (its archive and control site)."""
    return os.path.join(CACHE_ROOT, SOURCE.name)


DEVIATION_CLASSES = {
    "wording": "message wording",
    "private": "private detail",
    "intentional": "intentional behaviour",
    "missing-area": "needs an area we do not have yet",
    "backend": "needs another backend or an unavailable package",
}
# Files that test another backend's own modules (JAX is this fork's only
# backend): never run, shown in the report with the reason, and left out
# of the totals. Fnmatch patterns relative to `keras/src`.
OTHER_BACKEND_FILES = {
    "backend/tensorflow/*": "TensorFlow backend's own modules",
    "backend/torch/*": "PyTorch backend's own modules",
    "export/torch_test.py": "export through the PyTorch backend",
    "export/litert_torch_test.py": "LiteRT export through the PyTorch backend",
    "utils/torch_utils_test.py": "TorchModuleWrapper, PyTorch backend only",
    "export/litert_test.py": "LiteRT export, TensorFlow backend only",
    "export/tfsm_layer_test.py": "TFSMLayer reloading, TensorFlow backend only",
}
# Why upstream passes none of a file's tests here (checked by running it
# alone); the report shows the reason beside the 0.
CONTROL_ZERO_REASONS = {
    "applications/applications_test.py": "downloads ImageNet weights; "
    "no network here",
    "backend/jax/core_test.py": "every test skips: NNX is not enabled",
    "export/openvino_test.py": "every test skips on JAX (XlaCallModule)",
    "layers/preprocessing/image_preprocessing/bounding_boxes/"
    "validation_test.py": "every test skips: TensorFlow ragged tensors",
}
# Packages only upstream's side needs: its ONNX export on JAX goes through
# jax2onnx, whose pins (orbax-checkpoint<0.11.37, flax, ...) would
# downgrade this project's environment. They are installed, with their
# dependencies, into a folder that control runs put on their path after
# this environment's packages, so that it only adds what is missing here.
CONTROL_ONLY_PACKAGES = ("jax2onnx==0.17.1",)
# Files slower than `--timeout` allows under load; a file's limit is the
# larger of the two, so that no control run stops halfway through one.
FILE_TIMEOUTS = {
    "ops/numpy_test.py": 3 * 3600,
    "backend/common/variables_test.py": 3600,
    # Builds every application model (about 25 minutes on 1 core).
    "applications/applications_test.py": 3600,
}
# Outcomes that count as a pass (an expected failure that failed passes).
PASSED = ("passed", "xfailed")
# When a test is reported more than once (a teardown error after a pass),
# the worst outcome counts.
SEVERITY = {
    "passed": 0,
    "xfailed": 0,
    "skipped": 1,
    "xpassed": 2,
    "failed": 3,
    "error": 4,
    "collection-error": 5,
    "timeout": 6,
    "crashed": 6,
}


# ------------------------------------------------------------- the sources
@functools.lru_cache(maxsize=None)
def test_file_contents(source):
    """`{path relative to keras/src: bytes}` of every test file of
    `source`'s archive."""
    prefix = source.root + "keras/src/"
    path = source.archive()

    def wanted(name):
        return name.startswith(prefix) and name.endswith("_test.py")

    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            return {
                name[len(prefix) :]: archive.read(name)
                for name in archive.namelist()
                if wanted(name)
            }
    with tarfile.open(path) as archive:
        return {
            member.name[len(prefix) :]: archive.extractfile(member).read()
            for member in archive.getmembers()
            if member.isfile() and wanted(member.name)
        }


def upstream_test_files():
    """Paths (relative to `keras/src`) of the current source's test files."""
    return sorted(test_file_contents(SOURCE))


def changed_files(files, other):
    """The `files` of the current source that are new or differ from
    their namesakes in source `other`."""
    ours = test_file_contents(SOURCE)
    theirs = test_file_contents(SOURCES[other])
    return [rel for rel in files if theirs.get(rel) != ours[rel]]


def other_backend(test_file):
    """Why `test_file` is left out as another backend's, or None."""
    for pattern, reason in OTHER_BACKEND_FILES.items():
        if fnmatch.fnmatchcase(test_file, pattern):
            return reason
    return None


def module_exists_here(test_file):
    module = test_file[: -len("_test.py")] + ".py"
    return os.path.exists(os.path.join(REPO, "keras", "src", module))


def upstream_site():
    """The current source installed (no dependencies) into its cache
    folder, for control runs (PYTHONPATH)."""
    site = os.path.join(cache(), "site")
    if not os.path.isdir(os.path.join(site, "keras")):
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps"]
            + ["--target", site, SOURCE.archive()],
            check=True,
        )
    return site


def control_pythonpath():
    """PYTHONPATH of control runs: the installed source, this environment's
    packages, then the `CONTROL_ONLY_PACKAGES` (installed on first use)."""
    control_only = os.path.join(cache(), "control-only-site")
    if not os.path.isdir(control_only):
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q"]
            + ["--target", control_only, *CONTROL_ONLY_PACKAGES],
            check=True,
        )
    packages = sysconfig.get_paths()["purelib"]
    return os.pathsep.join([upstream_site(), packages, control_only])


def extract_tests(scratch):
    """Extracts every test file of the current source (the selected ones
    import helpers from others) into `scratch`."""
    for rel, contents in test_file_contents(SOURCE).items():
        target = os.path.join(scratch, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(contents)
    shutil.copy(
        os.path.join(CONFORMANCE, "upstream_conftest.py"),
        os.path.join(scratch, "conftest.py"),
    )


# ------------------------------------------------------------------ running
def run_file(rel, scratch, control, timeout):
    """Runs one test file in its own process; returns `{test: outcome}`
    and the seconds it took."""
    results = os.path.join(scratch, "_results", rel + ".jsonl")
    os.makedirs(os.path.dirname(results), exist_ok=True)
    if os.path.exists(results):
        os.remove(results)
    env = dict(os.environ)
    env["KERAS_BACKEND"] = "jax"
    env["JAX_PLATFORMS"] = "cpu"
    env["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    env["KERAS_CONFORMANCE_RESULTS"] = results
    env["PYTHONPATH"] = control_pythonpath() if control else REPO
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [
        sys.executable,
        # The scratch folder (the working directory) stays off sys.path,
        # so its `tree/` folder cannot shadow the `tree` package.
        "-P",
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--import-mode=importlib",
        "--rootdir",
        scratch,
        "-o",
        "addopts=",
        "--no-header",
        "-rN",
        os.path.join(scratch, rel),
    ]
    start = time.time()
    with open(results + ".log", "w") as log:
        process = subprocess.Popen(
            command,
            cwd=scratch,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            code = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
            code = None
    outcomes = {}
    messages = {}
    if os.path.exists(results):
        with open(results) as f:
            for line in f:
                record = json.loads(line)
                test = (
                    rel + record["test"][record["test"].find("::") :]
                    if ("::" in record["test"])
                    else rel
                )
                old = outcomes.get(test)
                if old is None or SEVERITY[record["outcome"]] > SEVERITY[old]:
                    outcomes[test] = record["outcome"]
                    messages[test] = record.get("message", "")
    if code is None:
        outcomes[rel] = "timeout"
        messages[rel] = f"no result within {timeout} s"
    elif code not in (0, 1, 5) and not outcomes:
        outcomes[rel] = "crashed"
        messages[rel] = f"pytest exited with code {code}"
    return outcomes, messages, time.time() - start


def store_path(control):
    """Outcomes per file, kept beside this checkout (ignored by git)."""
    folder = os.path.join(CONFORMANCE, ".results", SOURCE.results)
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "control.json" if control else "fork.json")


def load_store(control):
    path = store_path(control)
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {}


def save_store(control, store):
    with open(store_path(control), "w") as f:
        json.dump(store, f, indent=0, sort_keys=True)


def run(files, control, jobs, timeout, keep=None):
    """Runs `files`; `keep`: a folder to extract into and keep afterwards
    (with each file's pytest log under `_results/`), for debugging."""
    if keep:
        os.makedirs(keep, exist_ok=True)
        scratch = os.path.abspath(keep)
    else:
        scratch = tempfile.mkdtemp(prefix="keras-upstream-tests-")
    extract_tests(scratch)
    if control:
        control_pythonpath()  # installs its packages before workers start
    store = load_store(control)
    side = "upstream" if control else "fork"
    # Longest files first keeps both workers busy until the end.
    order = sorted(files, key=lambda f: -_size_hint(f, scratch))
    try:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            futures = {
                pool.submit(
                    run_file,
                    rel,
                    scratch,
                    control,
                    max(timeout, FILE_TIMEOUTS.get(rel, 0)),
                ): rel
                for rel in order
            }
            for future in concurrent.futures.as_completed(futures):
                rel = futures[future]
                outcomes, messages, seconds = future.result()
                # Re-read the store so that runs going on at the same time
                # in this checkout do not drop each other's files.
                store = load_store(control)
                store[rel] = {
                    "outcomes": outcomes,
                    "messages": messages,
                    "seconds": round(seconds, 1),
                    "date": datetime.date.today().isoformat(),
                }
                counts = _count(outcomes)
                print(
                    f"[{side}] {rel}: {counts['passed']} passed, "
                    f"{counts['failed']} failed, {counts['skipped']} skipped"
                    f" ({seconds:.0f} s)",
                    flush=True,
                )
                save_store(control, store)
    finally:
        if not keep:
            shutil.rmtree(scratch, ignore_errors=True)
    return store


def _size_hint(rel, scratch):
    return os.path.getsize(os.path.join(scratch, rel))


def _count(outcomes):
    counts = {"passed": 0, "failed": 0, "skipped": 0, "collected": 0}
    for outcome in outcomes.values():
        counts["collected"] += 1
        if outcome in PASSED:
            counts["passed"] += 1
        elif outcome == "skipped":
            counts["skipped"] += 1
        else:
            counts["failed"] += 1
    return counts


# ------------------------------------------------------------------ control
def control_ids_path():
    return os.path.join(CONFORMANCE, f"upstream-{SOURCE.name}-passing.txt")


def load_control():
    """The committed control run: `(ids, ran, incomplete)`, i.e. the ids of
    the tests upstream passes here, the files it covered (`# ran:` lines),
    and `{file: why}` for those it did not finish (`# incomplete:` lines).
    `ids` is None when nothing is committed."""
    path = control_ids_path()
    if not os.path.exists(path):
        return None, set(), {}
    ids, ran, incomplete = set(), set(), {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# ran: "):
                ran.add(line[len("# ran: ") :])
            elif line.startswith("# incomplete: "):
                rel, _, why = line[len("# incomplete: ") :].partition(" -- ")
                incomplete[rel] = why
            elif line and not line.startswith("#"):
                ids.add(line)
    return ids, ran, incomplete


def load_control_ids():
    """Ids of the tests upstream passes here, from the committed list."""
    return load_control()[0]


def load_control_files():
    """The files the committed control run covered (`# ran:` lines)."""
    return load_control()[1]


def save_control_ids(store):
    """Merges the control outcomes in `store` into the committed list: the
    files in `store` replace their earlier lines, the others keep them, so
    rerunning a few files updates just those."""
    ids, ran, incomplete = load_control()
    ids = ids or set()
    for rel, entry in store.items():
        if other_backend(rel):
            continue
        ids = {t for t in ids if not t.startswith(rel + "::")}
        ids.update(t for t, o in entry["outcomes"].items() if o in PASSED)
        ran.add(rel)
        incomplete.pop(rel, None)
        if entry["outcomes"].get(rel) in ("timeout", "crashed"):
            incomplete[rel] = entry["messages"].get(rel, "")
    with open(control_ids_path(), "w") as f:
        f.write(
            f"# Tests of {SOURCE.title} that pass with that upstream "
            "Keras itself on this project's machines (JAX, 8 CPU devices).\n"
            "# Written by: bash shell/upstream_tests.sh --source "
            f"{SOURCE.name} --control --save-control [FILES] (merged per "
            "file into this list)\n"
        )
        f.writelines(f"# ran: {rel}\n" for rel in sorted(ran))
        f.writelines(
            f"# incomplete: {rel} -- {why}\n"
            for rel, why in sorted(incomplete.items())
        )
        f.writelines(test + "\n" for test in sorted(ids))
    print(f"{len(ids)} upstream-passing tests -> {control_ids_path()}")
    for rel, why in sorted(incomplete.items()):
        print(f"WARNING: the control of {rel} is incomplete ({why})")


# --------------------------------------------------------------- deviations
def load_deviations():
    """`[(pattern, class, reason)]` from the table rows of deviations.md."""
    path = os.path.join(CONFORMANCE, "deviations.md")
    entries = []
    if not os.path.exists(path):
        return entries
    row = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*([a-z-]+)\s*\|(.*)\|\s*$")
    with open(path) as f:
        for number, line in enumerate(f, 1):
            match = row.match(line)
            if not match:
                continue
            pattern, cls, reason = match.groups()
            if cls not in DEVIATION_CLASSES:
                raise SystemExit(
                    f"deviations.md:{number}: unknown class {cls!r}; "
                    f"expected one of {sorted(DEVIATION_CLASSES)}."
                )
            entries.append((pattern, cls, reason.strip()))
    return entries


def explain(test, deviations):
    for pattern, cls, reason in deviations:
        if fnmatch.fnmatchcase(test, pattern):
            return cls, reason
    return None


def regressions(store, files, control_ids):
    """Tests of `files` that upstream passes and that do not pass here,
    including upstream-passing tests that did not run here at all (not
    collected); a file that failed to import is reported once, by path."""
    found = []
    for rel in files:
        entry = store.get(rel)
        if entry is None:
            continue
        outcomes = entry["outcomes"]
        for test, outcome in sorted(outcomes.items()):
            if outcome in PASSED or outcome == "skipped":
                continue
            if test == rel or control_ids is None or test in control_ids:
                found.append((test, outcome, entry["messages"].get(test, "")))
        if control_ids is None or rel in outcomes:
            continue
        prefix = rel + "::"
        found.extend(
            (test, "not-run", "")
            for test in sorted(
                t
                for t in control_ids
                if t.startswith(prefix) and t not in outcomes
            )
        )
    return found


def check(store, files, allowed_classes):
    control_ids = load_control_ids()
    deviations = load_deviations()
    unexplained, wrong_class = [], []
    for test, outcome, message in regressions(store, files, control_ids):
        explanation = explain(test, deviations)
        if explanation is None:
            unexplained.append((test, outcome, message))
        elif allowed_classes and explanation[0] not in allowed_classes:
            wrong_class.append((test, explanation[0]))
    for test, outcome, message in unexplained:
        print(f"UNEXPLAINED {outcome}: {test}\n    {message}")
    for test, cls in wrong_class:
        print(f"NOT ALLOWED HERE ({cls}): {test}")
    if unexplained or wrong_class:
        print(
            f"{len(unexplained)} failing upstream tests are not explained in "
            f"conformance/deviations.md; {len(wrong_class)} have a class not "
            f"allowed for these files ({sorted(allowed_classes or [])})."
        )
        return 1
    print(f"conformance check: every failure of {len(files)} files explained")
    return 0


# ------------------------------------------------------------------- report
def write_report(store, all_files, command):
    control_ids, control_files, incomplete = load_control()
    control_ids = control_ids or set()
    deviations = load_deviations()
    lines = [
        f"# {SOURCE.title} test suite on this fork",
        "",
        f"Generated {datetime.date.today().isoformat()} by `{command}`.",
        f"Upstream's `*_test.py` files from {SOURCE.origin} run with pytest "
        "against this repository (JAX, 8 CPU devices), one process per "
        "file. *Upstream passes* counts the tests that upstream Keras "
        "itself passes on the same machine (`--control`); *fork passes* "
        "counts those of them that pass here. A file with no module at "
        "the same path here is *out of scope* and counts as not passing. "
        "Where the control run has not covered a file, its upstream count "
        "reads *not measured* and it is left out of the totals; where it "
        "did not finish a file (a timeout), the count is marked *partial*. "
        "Files that test another backend's own modules are not run and not "
        "counted.",
        "",
    ]
    rows = []
    totals = {
        # files, upstream passes, fork passes, files run, files measured
        "scope": [0, 0, 0, 0, 0],
        "all": [0, 0, 0, 0, 0],
    }
    excluded = 0
    for rel in all_files:
        reason = other_backend(rel)
        if reason:
            excluded += 1
            rows.append(
                f"| `{rel}` | other backend | not run: {reason} "
                "| | | | not counted | | | |"
            )
            continue
        in_scope = module_exists_here(rel)
        upstream = {t for t in control_ids if t.startswith(rel + "::")}
        entry = store.get(rel, {"outcomes": {}})
        counts = _count(entry["outcomes"])
        fork = {
            t
            for t, o in entry["outcomes"].items()
            if o in PASSED and t in upstream
        }
        # A file that does not import here fails as one id, its path.
        failed_whole = rel in entry["outcomes"]
        unexplained = (
            int(explain(rel, deviations) is None)
            if failed_whole
            else sum(
                1 for t in upstream - fork if explain(t, deviations) is None
            )
        )
        for key in ("all", "scope") if in_scope else ("all",):
            totals[key][0] += 1
            totals[key][1] += len(upstream)
            totals[key][2] += len(fork)
            totals[key][3] += 1 if rel in store else 0
            totals[key][4] += 1 if rel in control_files else 0
        measured = rel in control_files
        ran = rel in store
        rows.append(
            f"| `{rel}` | {'yes' if in_scope else 'no'} | "
            + (
                f"{counts['collected']} | {counts['passed']} | "
                f"{counts['failed']} | {counts['skipped']} | "
                if ran
                else "not run | | | | "
            )
            + (
                f"{len(upstream)}"
                + (" (partial)" if rel in incomplete else "")
                + (
                    f" ({CONTROL_ZERO_REASONS[rel]})"
                    if not upstream and rel in CONTROL_ZERO_REASONS
                    else ""
                )
                + f" | {len(fork)} | "
                f"{_percent(len(fork), len(upstream))} | {unexplained} |"
                if measured
                else "not measured | | | |"
            )
        )
    for key, title in (
        ("scope", "Files whose module exists here"),
        (
            "all",
            f"All {len(all_files) - excluded} upstream test files "
            f"({excluded} more, for other backends, not counted)",
        ),
    ):
        files, upstream, fork, ran, measured = totals[key]
        lines.append(
            f"- **{title}** ({files} files, {ran} run here, {measured} "
            f"measured on upstream): fork passes "
            f"**{fork} of {upstream}** upstream-passing tests "
            f"(**{_percent(fork, upstream)}**)."
        )
    lines += [
        f"- The control did not finish {len(incomplete)} files: "
        + (", ".join(f"`{r}` ({w})" for r, w in sorted(incomplete.items())))
        if incomplete
        else "- The control finished every file it ran.",
    ]
    lines += [
        "",
        "| file | in scope | collected | passed | failed/errors | skipped "
        "| upstream passes | fork passes | ratio | unexplained |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ] + rows
    path = os.path.join(CONFORMANCE, f"upstream-{SOURCE.name}.md")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"report -> {path}")


def _percent(part, whole):
    return f"{100.0 * part / whole:.1f} %" if whole else "-"


# --------------------------------------------------------------------- main
def select(all_files, selectors, in_scope):
    chosen = []
    for rel in all_files:
        if selectors and not any(
            rel == s or rel.startswith(s.rstrip("/") + "/") for s in selectors
        ):
            continue
        if in_scope and not module_exists_here(rel):
            continue
        if other_backend(rel):
            if selectors:
                print(f"not run: {rel} ({other_backend(rel)})")
            continue
        chosen.append(rel)
    unknown = [
        s
        for s in selectors
        if not any(
            r == s or r.startswith(s.rstrip("/") + "/") for r in all_files
        )
    ]
    if unknown:
        raise SystemExit(
            f"No upstream test file matches {unknown}. Selectors are paths "
            "relative to keras/src, e.g. `ops/numpy_test.py` or `layers/core`."
        )
    return chosen


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("selectors", nargs="*")
    parser.add_argument(
        "--source",
        choices=sorted(SOURCES),
        default="3.15.1",
        help="the upstream whose test files run (default: 3.15.1)",
    )
    parser.add_argument(
        "--changed-from",
        choices=sorted(SOURCES),
        metavar="SOURCE",
        help="only the selected files that are new or differ from SOURCE's",
    )
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--save-control", action="store_true")
    parser.add_argument("--in-scope", action="store_true")
    parser.add_argument("--no-run", action="store_true")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument(
        "--allowed-classes",
        default="",
        help="comma-separated deviation classes --check accepts "
        f"(default: all of {sorted(DEVIATION_CLASSES)})",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=int, default=1800)
    parser.add_argument(
        "--keep",
        metavar="DIR",
        help="extract into DIR and keep it (pytest logs in DIR/_results)",
    )
    args = parser.parse_args(argv)

    global SOURCE
    SOURCE = SOURCES[args.source]
    all_files = upstream_test_files()
    files = select(all_files, args.selectors, args.in_scope)
    if args.changed_from:
        files = changed_files(files, args.changed_from)
    if not args.no_run:
        print(f"{len(files)} upstream test files, {args.jobs} at a time")
        store = run(
            files, args.control, args.jobs, args.timeout, keep=args.keep
        )
    else:
        store = load_store(args.control)
    if args.control:
        if args.save_control:
            save_control_ids(store)
        return 0
    if args.report:
        write_report(
            store,
            all_files,
            "bash shell/upstream_tests.sh "
            + " ".join(argv if argv is not None else sys.argv[1:]),
        )
    if args.check:
        allowed = {c for c in args.allowed_classes.split(",") if c}
        return check(store, files, allowed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
