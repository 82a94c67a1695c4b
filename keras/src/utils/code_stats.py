"""Counting lines of code in a source tree (a development aid)."""

import os

_DOCSTRING_QUOTE = '"""'


def count_loc(directory, exclude=("_test",), extensions=(".py",), verbose=0):
    """Counts the lines of code in the files under `directory`.

    Blank lines, `#` comment lines and blocks in triple double quotes that
    begin a line (docstrings) are not counted; every other line is.

    A file takes part when its name ends with one of `extensions` and
    neither its name without extension nor any folder between `directory`
    and the file ends with one of `exclude` (so with the defaults,
    `layer_test.py` and everything inside `saving_test/` are skipped).

    Args:
        directory: Folder to walk recursively, or the path of one file
            (counted when its extension matches).
        exclude: Name endings of files (extension left out) and folders to
            skip.
        extensions: File name endings to count, such as `(".py",)`. Like
            `exclude`, it may also be a single string.
        verbose: When truthy, prints the path of each file counted.

    Returns:
        The total number of lines of code, an int.

    Example:

    ```python
    # Lines of library code, tests and docstrings left out.
    lines = count_loc("keras/src")
    ```
    """
    exclude = _as_tuple(exclude)
    extensions = _as_tuple(extensions)
    if os.path.isfile(directory):
        paths = [directory] if directory.endswith(extensions) else []
    else:
        paths = _source_files(directory, exclude, extensions)
    total = 0
    for path in paths:
        if verbose:
            print(f"Count LoCs in {path}")
        with open(path, encoding="utf-8") as f:
            total += _count_lines(f)
    return total


def _as_tuple(names):
    return (names,) if isinstance(names, str) else tuple(names)


def _source_files(directory, exclude, extensions):
    for root, folders, files in os.walk(directory):
        # Pruning `folders` in place keeps `os.walk` out of excluded ones.
        folders[:] = sorted(d for d in folders if not d.endswith(exclude))
        for name in sorted(files):
            stem = os.path.splitext(name)[0]
            if name.endswith(extensions) and not stem.endswith(exclude):
                yield os.path.join(root, name)


def _count_lines(lines):
    count = 0
    in_docstring = False
    for line in lines:
        line = line.strip()
        if in_docstring:
            in_docstring = _DOCSTRING_QUOTE not in line
        elif line.startswith(_DOCSTRING_QUOTE):
            rest = line[len(_DOCSTRING_QUOTE) :]
            in_docstring = _DOCSTRING_QUOTE not in rest
        elif line and not line.startswith("#"):
            count += 1
    return count
