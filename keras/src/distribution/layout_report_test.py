"""The per-variable layout report (`layout_report.py`)."""

import numpy as np
import pytest

from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import distribution_lib as dl
from keras.src.distribution import layout_report

pytestmark = pytest.mark.multi_device


class _Variable:
    """What the report reads of a variable."""

    def __init__(self, path, shape, layout=None):
        self.path = path
        self.shape = shape
        self.dtype = "float32"
        self._layout = layout
        self.value = None


def test_layout_report():
    layout_map = dl.LayoutMap(dl.DeviceMesh((2, 4), ("batch", "model")))
    layout_map["d1/kernel"] = (None, "model")
    dist = dl.ModelParallel(layout_map=layout_map)
    kernel = _Variable("seq/d1/kernel", (16, 8))
    kernel._layout = dist.get_variable_layout(kernel)
    kernel.value = backend_dlib.distribute_variable(
        np.zeros((16, 8), "float32"), kernel._layout
    )
    bias = _Variable("seq/d1/bias", (8,))
    bias._layout = dist.get_variable_layout(bias)
    lazy = _Variable("seq/d2/kernel", (8, 4), layout=kernel._layout)
    lazy._layout = dl.TensorLayout((None, "model"), layout_map.device_mesh)

    class Model:
        variables = [kernel, bias, lazy]

    report = layout_report.print_layout_report(Model())
    lines = report.splitlines()
    assert lines[0].split() == [
        "path",
        "shape",
        "dtype",
        "layout",
        "bytes/device",
    ]
    assert lines[1].split()[0] == "seq/d1/kernel"
    assert lines[1].endswith(" 128")  # 16 * 2 float32
    assert "float32" in lines[1]
    assert "(None, 'model')" in lines[1]
    assert lines[2].endswith(" 32")  # replicated bias
    assert lines[3].endswith(" 32")  # 8 * 1 float32, not materialized
    assert lines[4].split() == ["total", "192"]
    rows = layout_report.layout_report_rows(Model())
    assert [r.bytes_per_device for r in rows] == [128, 32, 32]
    assert rows[0].layout == (None, "model")
    assert rows[0].shape == (16, 8)
