import re
import warnings

import jax
import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

from keras.src.backend.common import data_sharding
from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import data_input
from keras.src.distribution import distribution_lib as dl
from keras.src.distribution import layout_report

pytestmark = pytest.mark.multi_device


class FakeVariable:
    def __init__(self, path, shape, layout=None, dtype="float32"):
        self.path = path
        self.name = path.split("/")[-1]
        self.shape = shape
        self.dtype = dtype
        self._layout = layout
        self.value = None


def _layout_map(shape=(2, 4), axis_names=("batch", "model")):
    return dl.LayoutMap(dl.DeviceMesh(shape, axis_names))


# ---------------------------------------------------------------- devices


def test_list_devices_and_count():
    assert dl.list_devices() == [f"cpu:{i}" for i in range(8)]
    assert dl.list_devices("cpu")[-1] == "cpu:7"
    assert dl.get_device_count("cpu") == 8


def test_initialize_passes_resolved_arguments(monkeypatch):
    calls = []
    monkeypatch.setattr(
        backend_dlib,
        "initialize",
        lambda *args, **kwargs: calls.append(args + tuple(kwargs.values())),
    )
    dl.initialize("a:1, b:2", process_id=1)
    # Without a timeout given, upstream's three arguments.
    assert calls[-1] == ("a:1, b:2", 2, 1)
    with pytest.raises(ValueError, match="heartbeat_timeout=0"):
        dl.initialize("a:1", 2, 0, heartbeat_timeout=0)
    monkeypatch.setenv("KERAS_DISTRIBUTION_JOB_ADDRESSES", "h:5")
    monkeypatch.setenv("KERAS_DISTRIBUTION_NUM_PROCESSES", "4")
    monkeypatch.setenv("KERAS_DISTRIBUTION_PROCESS_ID", "3")
    monkeypatch.setenv("KERAS_DISTRIBUTION_HEARTBEAT_TIMEOUT", "12")
    dl.initialize()
    assert calls[-1] == ("h:5", 4, 3, 12)
    dl.initialize(heartbeat_timeout=5)
    assert calls[-1] == ("h:5", 4, 3, 5)


def test_initialize_rejects_inconsistent_jobs_before_connecting(monkeypatch):
    import jax

    connects = []
    monkeypatch.setattr(
        jax.distributed, "initialize", lambda **kw: connects.append(kw)
    )
    with pytest.raises(ValueError, match="has 2 jobs, but num_processes is 3"):
        dl.initialize("a:1,b:2", num_processes=3, process_id=0)
    with pytest.raises(ValueError, match=r"process_id=2"):
        dl.initialize("a:1", num_processes=2, process_id=2)
    monkeypatch.setenv("KERAS_DISTRIBUTION_JOB_ADDRESSES", "h:5,h:6")
    monkeypatch.setenv("KERAS_DISTRIBUTION_NUM_PROCESSES", "4")
    with pytest.raises(ValueError, match="has 2 jobs, but num_processes is 4"):
        dl.initialize()
    assert connects == []


# ------------------------------------------------------------ DeviceMesh


def test_device_mesh():
    mesh = dl.DeviceMesh((2, 4), ("batch", "model"))
    assert mesh.shape == (2, 4)
    assert mesh.axis_names == ["batch", "model"]
    mesh.axis_names.append("x")  # a copy: the mesh is unchanged
    assert mesh.axis_names == ["batch", "model"]
    assert mesh.devices.shape == (2, 4)
    assert mesh.devices[1, 0] == "cpu:4"
    assert mesh.axis_size("model") == 4
    assert mesh.axis_size(("batch", "model")) == 8
    assert mesh.backend_mesh.devices[1, 0] == jax.devices()[4]
    custom = dl.DeviceMesh((2,), ("batch",), devices=["cpu:5", "cpu:1"])
    assert custom.backend_mesh.devices[0] == jax.devices()[5]


def test_device_mesh_errors():
    with pytest.raises(ValueError, match="should have same size"):
        dl.DeviceMesh((2, 4), ("batch",))
    with pytest.raises(ValueError, match="unique, non-empty strings"):
        dl.DeviceMesh((2, 4), ("a", "a"))
    with pytest.raises(ValueError, match=r"needs 6 devices, but 8 were given"):
        dl.DeviceMesh((2, 3), ("a", "b"))
    with pytest.raises(ValueError, match="cannot be empty"):
        dl.DeviceMesh((), ())
    with pytest.raises(ValueError, match="cannot be empty"):
        dl.DeviceMesh((8,), "")


def test_device_mesh_rejects_repeated_and_unknown_devices():
    names = [f"cpu:{i}" for i in range(8)]
    with pytest.raises(ValueError, match=r"'cpu:0' appears twice.*0 and 1"):
        dl.DeviceMesh((2, 4), ("a", "b"), devices=["cpu:0"] + names[:-1])
    devices = jax.devices()
    with pytest.raises(ValueError, match="appears twice"):
        dl.DeviceMesh((2,), ("a",), devices=[devices[3], "cpu:3"])
    with pytest.raises(ValueError, match=r"Unknown device: 'gpu:0'"):
        dl.DeviceMesh((8,), ("a",), devices=["gpu:0"] + names[1:])
    with pytest.raises(ValueError, match=r"Unknown device: 'cpu:99'"):
        dl.DeviceMesh((8,), ("a",), devices=names[:-1] + ["cpu:99"])


# ---------------------------------------------------------- TensorLayout


def test_tensor_layout():
    mesh = dl.DeviceMesh((2, 2, 2), ("a", "b", "c"))
    layout = dl.TensorLayout([None, ["a", "c"], "b"], mesh)
    assert layout.axes == (None, ("a", "c"), "b")
    assert layout.shard_counts() == (1, 4, 2)
    assert layout.backend_layout.spec == P(None, ("a", "c"), "b")
    deferred = dl.TensorLayout(("a",))
    assert deferred.device_mesh is None
    deferred.device_mesh = mesh
    assert deferred.device_mesh is mesh


def test_tensor_layout_errors():
    mesh = dl.DeviceMesh((2, 4), ("batch", "model"))
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Invalid axis names for Layout: 'x' in axes=(None, 'x') is not a "
            "mesh axis. Expected None or one of the mesh's axis names: "
            "('batch', 'model')."
        ),
    ):
        dl.TensorLayout((None, "x"), mesh)
    with pytest.raises(ValueError, match="'model' is used more than once"):
        dl.TensorLayout(("model", ("batch", "model")), mesh)
    with pytest.raises(ValueError, match="Each layout axis must be None"):
        dl.TensorLayout((1,), mesh)
    layout = dl.TensorLayout(("batch",), mesh)
    with pytest.raises(ValueError, match="Cannot override the device mesh"):
        layout.device_mesh = dl.DeviceMesh((8,), ("batch",))


# ------------------------------------------------------------- LayoutMap


def test_layout_map_basics():
    layout_map = _layout_map()
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = dl.TensorLayout(("model",))
    assert len(layout_map) == 2
    assert list(layout_map) == ["d1/kernel", "d1/bias"]
    assert "d1/kernel" in layout_map
    assert "seq/d1/kernel" not in layout_map
    assert layout_map["d1/bias"].device_mesh is layout_map.device_mesh
    with pytest.raises(ValueError, match="already exists"):
        layout_map["d1/bias"] = ("model",)
    del layout_map["d1/bias"]
    assert len(layout_map) == 1
    with pytest.raises(ValueError, match="TensorLayout or a tuple"):
        layout_map["x"] = "model"
    with pytest.raises(ValueError, match="TensorLayout or a tuple"):
        layout_map["x"] = ["model"]
    other = dl.TensorLayout(("batch",), dl.DeviceMesh((8,), ("batch",)))
    with pytest.raises(ValueError, match="different device mesh"):
        layout_map["y"] = other


def test_layout_map_matching_rule():
    layout_map = _layout_map()
    layout_map["d1/kernel"] = (None, "model")
    layout_map[".*dense.*bias"] = ("model",)
    layout_map["seq/exact/kernel"] = ("model", None)
    layout_map["exact/kernel"] = (None, "model")
    # `/`-bounded suffix match
    assert layout_map["sequential/d1/kernel"].axes == (None, "model")
    assert layout_map["d1/kernel"].axes == (None, "model")
    # not `/`-bounded: no match
    assert layout_map["sequential/my_d1/kernel"] is None
    # regex full match
    assert layout_map["model/dense_3/bias"].axes == ("model",)
    assert layout_map["model/dense_3/bias_extra"] is None
    # exact key wins over a matching suffix key
    assert layout_map["seq/exact/kernel"].axes == ("model", None)
    # but two pattern matches are an error
    layout_map["kernel"] = (None, None)
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Path 'top/d1/kernel' matches multiple layout keys: "
            "['d1/kernel', 'kernel']."
        ),
    ):
        layout_map["top/d1/kernel"]


def test_layout_map_unmatched_warning():
    layout_map = _layout_map()
    layout_map["d1/kernel"] = (None, "model")
    layout_map["typo/kernel"] = (None, "model")
    layout_map["d1/output"] = ("batch", None)
    variables = [FakeVariable("seq/d1/kernel", (4, 8))]
    with pytest.warns(UserWarning, match=r"\['typo/kernel'\] matched no"):
        unmatched = layout_report.check_layout_map_usage(
            dl.ModelParallel(layout_map=layout_map), variables
        )
    assert unmatched == ["typo/kernel"]
    assert layout_map.unmatched_keys(variables, include_outputs=True) == [
        "typo/kernel",
        "d1/output",
    ]
    layout_map.output_layout("seq/d1/output")
    assert layout_map.unmatched_keys(variables, include_outputs=True) == [
        "typo/kernel"
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (
            layout_report.check_layout_map_usage(dl.DataParallel(), variables)
            == []
        )


# ------------------------------------------------------------ batch dims


def test_batch_dim_name_validation_message():
    layout_map = _layout_map((4, 2), ("model", "batch"))
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Received: batch_dim_name='x'. Expected one of the mesh's axis "
            "names: ('model', 'batch')."
        ),
    ):
        dl.ModelParallel(layout_map=layout_map, batch_dim_name="x")
    with pytest.raises(ValueError, match="Received: batch_dim_name='y'"):
        dl.ModelParallel(layout_map=layout_map, batch_dim_name=("batch", "y"))
    with pytest.raises(ValueError, match="must be distinct"):
        dl.ModelParallel(
            layout_map=layout_map, batch_dim_name=("batch", "batch")
        )


@pytest.mark.parametrize(
    "shape, axis_names, batch, replicas",
    [
        ((8,), ("batch",), None, 8),
        ((2, 4), ("batch", "model"), None, 2),
        ((4, 2), ("model", "batch"), "batch", 2),
        ((2, 2, 2), ("batch", "x", "y"), "batch", 2),
        ((2, 2, 2), ("x", "batch", "y"), "batch", 2),
        ((2, 2, 2), ("x", "y", "batch"), "batch", 2),
        ((2, 2, 2), ("x", "y", "z"), ("x", "z"), 4),
        ((2, 2, 2), ("x", "y", "z"), ["z", "x"], 4),
    ],
)
def test_model_parallel_data_layout(shape, axis_names, batch, replicas):
    dist = dl.ModelParallel(
        layout_map=_layout_map(shape, axis_names), batch_dim_name=batch
    )
    expected = axis_names[0] if batch is None else batch
    expected = tuple(expected) if isinstance(expected, list) else expected
    assert dist.batch_dim_name == expected
    assert dist.num_model_replicas == replicas
    assert dist.num_processes == 1
    layout = dist.get_data_layout((16, 3, 5))
    assert layout.axes == (expected, None, None)
    x = np.arange(16 * 3 * 5, dtype="float32").reshape(16, 3, 5)
    out, valid_rows = data_input.distribute_batch((x,), dist)
    (out,) = out
    assert valid_rows is None
    assert out.sharding.spec[0] == expected
    assert {s.data.shape[0] for s in out.addressable_shards} == {16 // replicas}
    np.testing.assert_array_equal(np.asarray(out), x)
    info = dist.data_sharding()
    assert isinstance(info, data_sharding.DataSharding)
    assert info.num_batch_shards == replicas
    assert dist.data_sharding() is info
    assert dist.per_process_batch_size(16) == 16
    with pytest.raises(ValueError, match=r"global batch size \(3\)"):
        dist.per_process_batch_size(3)


def test_data_parallel():
    dist = dl.DataParallel()
    assert dist.device_mesh.shape == (8,)
    assert dist.batch_dim_name == "batch"
    assert dist.num_model_replicas == 8
    assert dist.auto_shard_dataset
    dist = dl.DataParallel(devices=["cpu:0", "cpu:1"], auto_shard_dataset=False)
    assert dist.device_mesh.shape == (2,)
    assert not dist.auto_shard_dataset
    mesh = dl.DeviceMesh((4, 2), ("model", "batch"))
    dist = dl.DataParallel(device_mesh=mesh)
    assert dist.batch_dim_name == "model"
    variable = FakeVariable("seq/d1/kernel", (4, 6))
    assert dist.get_variable_layout(variable).axes == (None, None)
    assert dist.get_tensor_layout("seq/d1/output") is None
    explicit = FakeVariable("v", (4, 6), layout=(None, "batch"))
    assert dist.get_variable_layout(explicit).axes == (None, "batch")


def test_model_parallel_variable_layouts():
    layout_map = _layout_map()
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = ("model",)
    layout_map["d1/output"] = ("batch", "model")
    dist = dl.ModelParallel(layout_map=layout_map)
    assert dist.batch_dim_name == "batch"
    assert dist.layout_map is layout_map
    kernel = FakeVariable("sequential/d1/kernel", (16, 8))
    layout = dist.get_variable_layout(kernel)
    assert layout.axes == (None, "model")
    assert layout.device_mesh is layout_map.device_mesh
    bias = FakeVariable("sequential/d1/bias", (8,))
    assert dist.get_variable_layout(bias).axes == ("model",)
    other = FakeVariable("sequential/d2/kernel", (8, 3))
    assert dist.get_variable_layout(other).axes == (None, None)
    # explicit layout wins over the map
    explicit = FakeVariable(
        "sequential/d1/kernel", (16, 8), layout=dl.TensorLayout(("model", None))
    )
    assert dist.get_variable_layout(explicit).axes == ("model", None)
    # output keys are not used for variables and vice versa
    assert dist.get_tensor_layout("sequential/d1/output").axes == (
        "batch",
        "model",
    )
    assert dist.get_tensor_layout("sequential/d2/output") is None
    assert dist.get_tensor_layout("sequential/d1/kernel") is None
    # output keys are the keys ending in "output", regexes included
    layout_map[".*d3.*output"] = ("batch", None)
    assert dist.get_tensor_layout("seq/d3_block/output").axes == (
        "batch",
        None,
    )
    # a tensor path equal to a (non-output) key uses it
    layout_map["seq/d1/attention_scores"] = ("batch", None)
    assert dist.get_tensor_layout("seq/d1/attention_scores").axes == (
        "batch",
        None,
    )
    assert dist.get_tensor_layout("top/seq/d1/attention_scores") is None


def test_variable_layout_errors():
    import keras
    from keras.src import backend

    layout_map = _layout_map()
    layout_map["d1/kernel"] = (None, "model")
    dist = dl.ModelParallel(layout_map=layout_map)
    # The lookup returns the layout; it is checked against the shape when a
    # variable is created.
    bad = FakeVariable("seq/d1/kernel", (16, 6))
    layout = dist.get_variable_layout(bad)
    assert layout.axes == (None, "model")
    message = re.escape(
        "Variable 'seq/d1/kernel' with shape (16, 6) cannot be sharded "
        "with layout axes (None, 'model'): dimension 1 (size 6) is not "
        "divisible by 4, the size of mesh axes 'model'."
    )
    with pytest.raises(ValueError, match=message):
        dl.validate_variable_layout(bad, layout)
    with pytest.raises(ValueError, match="has 2 axes but the variable has"):
        dl.validate_variable_layout(
            FakeVariable("seq/d1/kernel", (16,)), layout
        )
    with dist.scope():
        with backend.name_scope("seq"):
            layer = keras.layers.Dense(6, name="d1")
            with pytest.raises(ValueError, match=message):
                layer.build((16,))
    with pytest.raises(ValueError, match="layout_map"):
        dl.ModelParallel()
    with pytest.raises(ValueError, match="must be a TensorLayout"):
        dist.get_variable_layout(FakeVariable("x", (2,), layout="model"))


def test_model_parallel_device_mesh_argument():
    mesh = dl.DeviceMesh((2, 4), ("batch", "model"))
    dist = dl.ModelParallel(device_mesh=mesh)
    assert dist.device_mesh is mesh
    assert len(dist.layout_map) == 0
    assert dist.get_variable_layout(FakeVariable("d/kernel", (4, 8))).axes == (
        None,
        None,
    )
    layout_map = dl.LayoutMap(mesh)
    dist = dl.ModelParallel(device_mesh=mesh, layout_map=layout_map)
    assert dist.layout_map is layout_map
    with pytest.raises(ValueError, match="must be the device mesh of"):
        dl.ModelParallel(
            device_mesh=dl.DeviceMesh((8,), ("batch",)), layout_map=layout_map
        )


def test_scope_and_set_distribution():
    assert dl.distribution() is None
    dist = dl.DataParallel()
    with dist.scope():
        assert dl.distribution() is dist
        inner = dl.DataParallel(devices=["cpu:0", "cpu:1"])
        with inner.scope():
            assert dl.distribution() is inner
        assert dl.distribution() is dist
    assert dl.distribution() is None
    dl.set_distribution(dist)
    assert dl.distribution() is dist
    dl.set_distribution(None)
    with pytest.raises(ValueError, match="Received: value='x'"):
        dl.set_distribution("x")


def test_distribute_tensor():
    mesh = dl.DeviceMesh((2, 4), ("batch", "model"))
    layout = dl.TensorLayout((("batch", "model"), None), mesh)
    out = dl.distribute_tensor(np.zeros((16, 2)), layout)
    assert out.sharding.spec == P(("batch", "model"), None)
    assert {s.data.shape for s in out.addressable_shards} == {(2, 2)}


def test_default_batch_axis_warns_once_when_another_axis_is_named_batch():
    mesh = dl.DeviceMesh((2, 4), ("model", "batch"))
    dl._WARNED_DEFAULT_BATCH_AXIS.discard(("model", "batch"))
    with pytest.warns(UserWarning, match="batch_dim_name='batch'"):
        first = dl.DataParallel(device_mesh=mesh)
    assert first.batch_dim_name == "model"  # upstream's default is kept
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dl.DataParallel(device_mesh=mesh)  # warned once already
        dl.ModelParallel(layout_map=dl.LayoutMap(mesh), batch_dim_name="batch")
        dl.DataParallel(dl.DeviceMesh((2, 4), ("batch", "model")))


def _constraint_specs(model, rows):
    """PartitionSpecs of the sharding constraints in the traced forward
    pass of `model` on `rows` rows."""
    trainable = [v.value for v in model.trainable_variables]
    jaxpr = jax.make_jaxpr(lambda t, x: model.stateless_call(t, [], x)[0])(
        trainable, np.ones((rows, 8), "float32")
    )
    return [
        eqn.params["sharding"].spec
        for eqn in jaxpr.eqns
        if eqn.primitive.name == "sharding_constraint"
    ]


def test_model_parallel_pins_batch_dim_of_functional_activations():
    from keras.src import layers
    from keras.src import models

    mesh = dl.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = dl.LayoutMap(mesh)
    layout_map["d1/kernel"] = ("batch", "model")
    layout_map["d2/output"] = (None, "model")
    distribution = dl.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    with distribution.scope():
        inputs = layers.Input((8,))
        h = layers.Dense(16, name="d1")(inputs)
        h = layers.Dense(16, name="d2")(h)
        outputs = layers.Dense(4, name="d3")(h)
        model = models.Model(inputs, outputs)
        free = P.UNCONSTRAINED
        # d1 and d3: dim 0 on the batch axis, the rest left to XLA; d2
        # keeps the layout of its "d2/output" key, and only that one.
        assert _constraint_specs(model, 8) == [
            P("batch", free),
            P(None, "model"),
            P("batch", free),
        ]
        # 3 rows do not split over 2 batch shards: only d2's own layout.
        assert _constraint_specs(model, 3) == [P(None, "model")]
        # Eager calls are not constrained.
        eager = model(np.ones((8, 8), "float32"))
        assert eager.shape == (8, 4)


def test_data_parallel_leaves_functional_activations_free():
    from keras.src import layers
    from keras.src import models

    with dl.DataParallel().scope():
        inputs = layers.Input((8,))
        outputs = layers.Dense(4, name="d1")(layers.Dense(16)(inputs))
        model = models.Model(inputs, outputs)
        assert _constraint_specs(model, 8) == []
