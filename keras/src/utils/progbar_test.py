import io
import re
import sys

import numpy as np
import pytest

from keras.src.utils import io_utils
from keras.src.utils import progbar as progbar_module
from keras.src.utils.progbar import Progbar

BAR = "\u2501" * 20


class FakeTTY(io.StringIO):
    def isatty(self):
        return True


def test_verbose_1_non_tty_prints_a_line_per_redraw(capsys):
    bar = Progbar(target=4, interval=0)
    for step in range(1, 5):
        bar.update(step, values=[("loss", float(step))])
    out = capsys.readouterr().out
    assert "\r" not in out
    lines = out.splitlines()
    assert len(lines) == 4
    # Running averages while going, e.g. (1 + 2 + 3) / 3 ...
    assert re.fullmatch(
        rf"3/4 {BAR} \d+s \d+(us|ms|s)/step - loss: 2\.0000", lines[2]
    ), lines[2]
    # ... and the values of the final update as given.
    assert re.fullmatch(
        rf"4/4 {BAR} \d+s \d+(us|ms|s)/step - loss: 4\.0000", lines[3]
    ), lines[3]


def test_verbose_1_non_tty_respects_interval(capsys):
    bar = Progbar(target=100, interval=3600)
    for step in range(1, 101):
        bar.update(step, values=[("loss", 1.0)])
    # The first update draws; the next ones wait for the interval, except
    # the final one.
    assert [
        line.split()[0] for line in capsys.readouterr().out.splitlines()
    ] == [
        "1/100",
        "100/100",
    ]


def test_weighted_average_and_stateful_metrics(capsys):
    bar = Progbar(target=4, stateful_metrics=["acc"], interval=0)
    bar.update(1, values=[("loss", 1.0), ("acc", 0.1)])
    bar.update(3, values=[("loss", 4.0), ("acc", 0.9)])
    line = capsys.readouterr().out.splitlines()[-1]
    # loss: (1 * 1 + 4 * 2) / 3; acc: last value.
    assert line.endswith("- loss: 3.0000 - acc: 0.9000")


def test_tensor_values_and_small_values(capsys):
    bar = Progbar(target=1)
    bar.update(1, values=[("loss", np.float32(2e-4)), ("x", np.array([3.0]))])
    line = capsys.readouterr().out.strip()
    assert line.endswith("- loss: 2.0000e-04 - x: 3.0000")


def test_verbose_2_prints_one_line(capsys):
    bar = Progbar(target=10, verbose=2)
    for step in range(1, 11):
        bar.update(step, values=[("loss", 0.5)])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert re.fullmatch(
        r"10/10 - \d+s - \d+(us|ms|s)/step - loss: 0\.5000", lines[0]
    ), lines[0]


def test_verbose_0_is_silent(capsys):
    bar = Progbar(target=2, verbose=0)
    bar.update(1, [("loss", 1.0)])
    bar.update(2, [("loss", 1.0)])
    assert capsys.readouterr().out == ""


def test_add_and_explicit_finalize(capsys):
    bar = Progbar(target=None, unit_name="sample", interval=3600)
    bar.add(2, values=[("loss", 1.0)])
    bar.add(2, values=[("loss", 3.0)])
    assert capsys.readouterr().out.startswith("2 ")
    bar.update(4, finalize=True)
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(r"4 \d+s \d+(us|ms|s)/sample - loss: 2\.0000", line)


def test_tty_redraws_in_place(monkeypatch):
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stdout", fake)
    bar = Progbar(target=50, interval=0)
    bar.update(12, values=[("loss", 0.1234)])
    bar.update(50, values=[("loss", 0.1234)])
    out = fake.getvalue()
    assert out.startswith("\r12/50 ")
    assert out.count("\r") == 2
    assert out.endswith("loss: 0.1234\n")
    first, final = out.split("\r")[1:]
    assert re.match(r"12/50 \S*\u2501{4}.*\u2501{16}.* \d+s \d+", first)
    assert final.startswith(f"50/50 {BAR} ")


def test_tty_respects_interval(monkeypatch):
    fake = FakeTTY()
    monkeypatch.setattr(sys, "stdout", fake)
    bar = Progbar(target=100, interval=3600)
    bar._last_update = float("inf")
    for step in range(1, 100):
        bar.update(step)
    assert fake.getvalue() == ""
    bar.update(100)
    assert fake.getvalue().count("\r") == 1


def test_non_interactive_logging_uses_absl(monkeypatch, capsys):
    from absl import logging

    messages = []
    monkeypatch.setattr(logging, "info", messages.append)
    io_utils.disable_interactive_logging()
    try:
        assert not io_utils.is_interactive_logging_enabled()
        bar = Progbar(target=1)
        bar.update(1, [("loss", 1.0)])
    finally:
        io_utils.enable_interactive_logging()
    assert io_utils.is_interactive_logging_enabled()
    assert capsys.readouterr().out == ""
    assert len(messages) == 1 and messages[0].startswith("1/1 ")


def test_print_msg(capsys):
    io_utils.print_msg("hello")
    io_utils.print_msg("a", line_break=False)
    assert capsys.readouterr().out == "hello\na"


@pytest.mark.parametrize(
    "seconds, expected",
    [(0, "0s"), (4.4, "4s"), (75, "1:15"), (3725, "1:02:05")],
)
def test_format_duration(seconds, expected):
    assert progbar_module._format_duration(seconds) == expected


@pytest.mark.parametrize(
    "seconds, expected",
    [(2.0, "2s/step"), (0.02, "20ms/step"), (2e-5, "20us/step")],
)
def test_format_time_per_unit(seconds, expected):
    assert progbar_module._format_time_per_unit(seconds, "step") == expected
