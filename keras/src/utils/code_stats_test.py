import os

import pytest

from keras.src.utils.code_stats import count_loc


@pytest.fixture
def tree(tmp_path):
    def write(files):
        for name, text in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return str(tmp_path)

    return write


def test_skips_blank_comment_and_docstring_lines(tree):
    source = (
        '"""Module docstring\n'
        'over two lines."""\n'
        "\n"
        "import os  # a trailing comment\n"
        "    # an indented comment\n"
        "def f():\n"
        '    """One-line docstring."""\n'
        '    """\n'
        "    Another block.\n"
        '    """\n'
        "    return os.sep\n"
    )
    assert count_loc(tree({"m.py": source})) == 3


def test_walks_sub_folders_and_filters_names(tree, capsys):
    root = tree(
        {
            "a.py": "x = 1\ny = 2\n",
            "pkg/b.py": "z = 3\n",
            "pkg/b_test.py": "assert True\n",
            "pkg/notes.txt": "text\n",
            "unit_test/c.py": "w = 4\n",
            "unit_test/deep/d.py": "v = 5\n",
            "test_utils/e.py": "u = 6\n",
        }
    )
    assert count_loc(root) == 4
    assert count_loc(root, exclude=()) == 7
    assert count_loc(root, extensions=(".txt", ".py")) == 5
    assert count_loc(root, extensions=".txt") == 1
    assert count_loc(root, exclude="_utils") == 6
    capsys.readouterr()
    count_loc(root, verbose=1)
    printed = capsys.readouterr().out.splitlines()
    assert printed == [
        f"Count LoCs in {os.path.join(root, name)}"
        for name in ("a.py", os.path.join("pkg", "b.py"), "test_utils/e.py")
    ]


def test_single_file_path(tree):
    root = tree({"one.py": "a = 1\n# note\nb = 2\n", "one.txt": "c\n"})
    assert count_loc(os.path.join(root, "one.py")) == 2
    assert count_loc(os.path.join(root, "one.txt")) == 0


def test_unclosed_docstring_runs_to_the_end(tree):
    assert count_loc(tree({"u.py": 'x = 1\n"""\nnot code\ny = 2\n'})) == 1
