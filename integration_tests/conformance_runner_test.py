"""The conformance runner's bookkeeping: deviation rows, what counts as a
regression, and the check's verdict (no upstream download needed)."""

import importlib.util
import io
import os
import tarfile
import zipfile

import pytest

_RUNNER = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    "conformance",
    "upstream_runner.py",
)


@pytest.fixture
def runner(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("upstream_runner", _RUNNER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "CONFORMANCE", str(tmp_path))
    return module


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_deviation_rows_are_parsed_and_globs_match(runner, tmp_path):
    _write(
        tmp_path / "deviations.md",
        "| test | class | reason |\n|---|---|---|\n"
        "| `a/b_test.py::T::test_one` | wording | our text |\n"
        "| `a/c_test.py::*` | missing-area | no c here |\n",
    )
    deviations = runner.load_deviations()
    assert [d[1] for d in deviations] == ["wording", "missing-area"]
    assert runner.explain("a/c_test.py::T::test_x", deviations)[0] == (
        "missing-area"
    )
    assert runner.explain("a/b_test.py::T::test_two", deviations) is None


def test_unknown_deviation_class_is_an_error(runner, tmp_path):
    _write(tmp_path / "deviations.md", "| `x_test.py` | unknown | why |\n")
    with pytest.raises(SystemExit, match="unknown class 'unknown'"):
        runner.load_deviations()


def test_only_tests_upstream_passes_are_regressions(runner):
    store = {
        "a/b_test.py": {
            "outcomes": {
                "a/b_test.py::T::test_ok": "passed",
                "a/b_test.py::T::test_broken_everywhere": "failed",
                "a/b_test.py::T::test_broken_here": "failed",
                "a/b_test.py::T::test_skipped": "skipped",
            },
            "messages": {},
        }
    }
    control = {
        "a/b_test.py::T::test_ok",
        "a/b_test.py::T::test_broken_here",
        "a/b_test.py::T::test_not_collected",
    }
    found = {
        t: o for t, o, _ in runner.regressions(store, ["a/b_test.py"], control)
    }
    assert found == {
        "a/b_test.py::T::test_broken_here": "failed",
        "a/b_test.py::T::test_not_collected": "not-run",
    }


def test_check_fails_on_unexplained_and_disallowed_classes(
    runner, tmp_path, capsys
):
    _write(
        tmp_path / f"upstream-{runner.SOURCE.name}-passing.txt",
        "# header\na/b_test.py::T::test_one\na/b_test.py::T::test_two\n",
    )
    _write(
        tmp_path / "deviations.md",
        "| `a/b_test.py::T::test_one` | missing-area | not here |\n",
    )
    store = {
        "a/b_test.py": {
            "outcomes": {
                "a/b_test.py::T::test_one": "failed",
                "a/b_test.py::T::test_two": "failed",
            },
            "messages": {"a/b_test.py::T::test_two": "ValueError: x"},
        }
    }
    assert runner.check(store, ["a/b_test.py"], set()) == 1
    out = capsys.readouterr().out
    assert "UNEXPLAINED failed: a/b_test.py::T::test_two" in out

    store["a/b_test.py"]["outcomes"]["a/b_test.py::T::test_two"] = "passed"
    assert runner.check(store, ["a/b_test.py"], set()) == 0
    assert runner.check(store, ["a/b_test.py"], {"wording"}) == 1
    assert "NOT ALLOWED HERE (missing-area)" in capsys.readouterr().out


def test_selectors_pick_files_and_areas(runner):
    files = ["ops/core_test.py", "ops/numpy_test.py", "layers/core/x_test.py"]
    assert runner.select(files, ["ops"], in_scope=False) == files[:2]
    assert runner.select(files, ["ops/numpy_test.py"], False) == [files[1]]
    with pytest.raises(SystemExit, match="No upstream test file matches"):
        runner.select(files, ["nothing"], False)


def test_other_backend_files_are_not_selected(runner, capsys):
    files = ["backend/tensorflow/name_scope_test.py", "backend/jax/x_test.py"]
    assert runner.select(files, ["backend"], False) == [files[1]]
    assert "not run: backend/tensorflow/name_scope_test.py" in (
        capsys.readouterr().out
    )
    assert runner.select(files, [], False) == [files[1]]


def test_saving_the_control_replaces_only_the_files_rerun(runner, tmp_path):
    path = tmp_path / f"upstream-{runner.SOURCE.name}-passing.txt"
    _write(
        path,
        "# header\n# ran: a/b_test.py\n# ran: a/c_test.py\n"
        "a/b_test.py::T::test_old\na/c_test.py::T::test_kept\n",
    )
    store = {
        "a/b_test.py": {
            "outcomes": {
                "a/b_test.py::T::test_new": "passed",
                "a/b_test.py::T::test_failing": "failed",
            },
            "messages": {},
        },
        "a/d_test.py": {
            "outcomes": {
                "a/d_test.py::T::test_first": "passed",
                "a/d_test.py": "timeout",
            },
            "messages": {"a/d_test.py": "no result within 10 s"},
        },
        "backend/torch/core_test.py": {
            "outcomes": {"backend/torch/core_test.py::T::test": "passed"},
            "messages": {},
        },
    }
    runner.save_control_ids(store)
    ids, ran, incomplete = runner.load_control()
    assert ids == {
        "a/b_test.py::T::test_new",
        "a/c_test.py::T::test_kept",
        "a/d_test.py::T::test_first",
    }
    assert ran == {"a/b_test.py", "a/c_test.py", "a/d_test.py"}
    assert incomplete == {"a/d_test.py": "no result within 10 s"}

    # A later complete run of the file clears its incomplete mark.
    store = {
        "a/d_test.py": {
            "outcomes": {"a/d_test.py::T::test_first": "passed"},
            "messages": {},
        }
    }
    runner.save_control_ids(store)
    assert runner.load_control()[2] == {}
    assert len(runner.load_control()[0]) == 3


def _source(runner, tmp_path, name, kind, files):
    """A source whose archive (a wheel-like zip or a tarball with a top
    folder) holds `files`: `{path under keras/src: text}`."""
    root = "" if kind == "zip" else f"keras-{name}/"
    path = str(tmp_path / f"{name}.{kind}")
    if kind == "zip":
        with zipfile.ZipFile(path, "w") as archive:
            for rel, text in files.items():
                archive.writestr("keras/src/" + rel, text)
    else:
        with tarfile.open(path, "w:gz") as archive:
            for rel, text in files.items():
                data = text.encode()
                info = tarfile.TarInfo(root + "keras/src/" + rel)
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    return runner.Source(name, name, name, lambda: path, root, name)


def test_sources_list_their_test_files_and_what_changed(
    runner, tmp_path, monkeypatch
):
    old = _source(
        runner,
        tmp_path,
        "old",
        "zip",
        {"a/same_test.py": "x", "a/edited_test.py": "1", "a/b.py": "code"},
    )
    new = _source(
        runner,
        tmp_path,
        "new",
        "tar.gz",
        {"a/same_test.py": "x", "a/edited_test.py": "2", "a/added_test.py": ""},
    )
    monkeypatch.setattr(runner, "SOURCES", {"old": old, "new": new})
    monkeypatch.setattr(runner, "SOURCE", new)
    files = runner.upstream_test_files()
    assert files == ["a/added_test.py", "a/edited_test.py", "a/same_test.py"]
    assert runner.changed_files(files, "old") == files[:2]
    assert runner.control_ids_path().endswith("upstream-new-passing.txt")
    assert runner.store_path(True).endswith(
        os.path.join(".results", "new", "control.json")
    )
