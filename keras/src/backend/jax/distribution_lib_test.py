import jax
import numpy as np
import pytest
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import distribution_lib
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device


def _mesh(shape, axis_names):
    return distribution_lib.DeviceMesh(shape, axis_names)


def _shard_shapes(array):
    return {s.data.shape for s in array.addressable_shards}


def test_list_devices_and_count():
    assert backend_dlib.list_devices("cpu") == [f"cpu:{i}" for i in range(8)]
    assert backend_dlib.list_devices("CPU")[0] == "cpu:0"
    assert backend_dlib.get_device_count("cpu") == 8
    assert backend_dlib.get_device_count() == 8
    assert backend_dlib.num_processes() == 1
    assert backend_dlib.process_id() == 0


def test_to_backend_device():
    assert backend_dlib._to_backend_device("cpu:3") == jax.devices("cpu")[3]
    device = jax.devices()[1]
    assert backend_dlib._to_backend_device(device) is device
    with pytest.raises(ValueError, match="Unknown device: 'cpu:99'"):
        backend_dlib._to_backend_device("cpu:99")
    with pytest.raises(ValueError, match="Received: device='cpu'"):
        backend_dlib._to_backend_device("cpu")


def test_to_backend_mesh_is_cached():
    mesh = _mesh((2, 4), ("batch", "model"))
    jax_mesh = backend_dlib._to_backend_mesh(mesh)
    assert isinstance(jax_mesh, jax.sharding.Mesh)
    assert jax_mesh.axis_names == ("batch", "model")
    assert dict(jax_mesh.shape) == {"batch": 2, "model": 4}
    assert jax_mesh.devices[1, 2] == jax.devices()[6]
    assert backend_dlib._to_backend_mesh(mesh) is jax_mesh


def test_to_backend_layout_tuple_entries():
    mesh = _mesh((2, 2, 2), ("a", "b", "c"))
    layout = distribution_lib.TensorLayout((("a", "c"), None, "b"), mesh)
    sharding = backend_dlib._to_backend_layout(layout)
    assert isinstance(sharding, NamedSharding)
    assert sharding.spec == P(("a", "c"), None, "b")
    assert backend_dlib._to_backend_layout(sharding) is sharding
    with pytest.raises(ValueError, match="without a device mesh"):
        backend_dlib._to_backend_layout(distribution_lib.TensorLayout((None,)))


def test_distribute_variable():
    mesh = _mesh((2, 4), ("batch", "model"))
    layout = distribution_lib.TensorLayout((None, "model"), mesh)
    value = np.arange(32, dtype="float32").reshape(4, 8)
    out = backend_dlib.distribute_variable(value, layout)
    assert out.sharding.spec == P(None, "model")
    assert _shard_shapes(out) == {(4, 2)}
    np.testing.assert_array_equal(np.asarray(out), value)
    # Already laid out: returned unchanged.
    assert backend_dlib.distribute_variable(out, layout) is out


@pytest.mark.parity
def test_initialize_variable_with_layout():
    mesh = _mesh((4, 2), ("model", "batch"))
    layout = distribution_lib.TensorLayout(("model", None), mesh)

    def init():
        return jax.random.normal(jax.random.key(0), (16, 6))

    out = backend_dlib.initialize_variable_with_layout(init, layout)
    assert out.sharding.spec == P("model", None)
    assert _shard_shapes(out) == {(4, 6)}
    assert max(s.data.nbytes for s in out.addressable_shards) == 4 * 6 * 4
    parity.assert_initial_weights_close(np.asarray(out), np.asarray(init()))


@pytest.mark.parity
def test_sharded_initializers_reuse_one_program_per_config_and_shape():
    import collections

    import keras

    compiles = collections.Counter()

    def count(event, duration, **kwargs):
        if event == "/jax/core/compile/backend_compile_duration":
            compiles["n"] += 1

    jax.monitoring.register_event_duration_secs_listener(count)

    def build(num_blocks):
        inputs = keras.Input((8,))
        x = inputs
        for i in range(num_blocks):
            x = keras.layers.Dense(8, name=f"block_{i}")(x)
        return keras.Model(inputs, x)

    keras.utils.set_random_seed(3)
    reference = build(6)
    mesh = _mesh((4, 2), ("model", "batch"))
    layout_map = distribution_lib.LayoutMap(mesh)
    layout_map["block_.*/kernel"] = ("model", None)
    distribution_lib.set_distribution(
        distribution_lib.ModelParallel(layout_map=layout_map)
    )
    try:
        keras.utils.set_random_seed(3)
        before = compiles["n"]
        model = build(6)
        built_with = compiles["n"] - before
    finally:
        distribution_lib.set_distribution(None)
    # Six kernels of one shape and initializer class, different seeds: one
    # compiled initializer program (a sharded variable used to compile its
    # own), and the values of an undistributed build.
    assert built_with <= 2
    for ref, var in zip(reference.weights, model.weights):
        if var.path.endswith("kernel"):
            assert var.value.sharding.spec == P("model", None)
        parity.assert_initial_weights_close(var.numpy(), ref.numpy())
    kernels = [v.numpy() for v in model.weights if v.path.endswith("kernel")]
    assert not np.allclose(kernels[0], kernels[1])


@pytest.mark.parity
def test_initialize_variable_with_replicated_layout():
    mesh = _mesh((4, 2), ("model", "batch"))
    layout = distribution_lib.TensorLayout((None, None), mesh)

    def init():
        return jax.random.normal(jax.random.key(0), (16, 6))

    out = backend_dlib.initialize_variable_with_layout(init, layout)
    assert out.sharding.is_fully_replicated
    assert out.sharding.spec == P(None, None)
    assert len(out.addressable_shards) == 8
    parity.assert_initial_weights_close(np.asarray(out), np.asarray(init()))


def test_distribute_tensor_eager_and_jit():
    mesh = _mesh((2, 4), ("batch", "model"))
    layout = distribution_lib.TensorLayout(("batch", "model"), mesh)
    x = np.ones((4, 8), "float32")
    out = backend_dlib.distribute_tensor(x, layout)
    assert out.sharding.spec == P("batch", "model")

    @jax.jit
    def f(x):
        return backend_dlib.distribute_tensor(x * 2, layout)

    y = f(x)
    assert y.sharding.spec == P("batch", "model")
    np.testing.assert_array_equal(np.asarray(y), x * 2)


@pytest.mark.parametrize(
    "shape, axis_names, batch, shard_rows",
    [
        ((8,), ("batch",), "batch", 2),
        ((2, 4), ("batch", "model"), "batch", 8),
        ((4, 2), ("model", "batch"), "batch", 8),
        ((2, 2, 2), ("batch", "x", "y"), "batch", 8),
        ((2, 2, 2), ("x", "batch", "y"), "batch", 8),
        ((2, 2, 2), ("x", "y", "batch"), "batch", 8),
        ((2, 2, 2), ("x", "y", "z"), ("x", "z"), 4),
        ((2, 4), ("batch", "model"), ("model", "batch"), 2),
    ],
)
def test_distribute_data_input_single_process(
    shape, axis_names, batch, shard_rows
):
    dist = distribution_lib.ModelParallel(
        layout_map=distribution_lib.LayoutMap(_mesh(shape, axis_names)),
        batch_dim_name=batch,
    )
    x = np.arange(16 * 3, dtype="float32").reshape(16, 3)
    layout = dist.get_data_layout(x.shape)
    out = backend_dlib.distribute_data_input(x, layout, batch)
    expected_entry = batch if isinstance(batch, str) else tuple(batch)
    assert out.sharding.spec == P(expected_entry, None)
    assert _shard_shapes(out) == {(shard_rows, 3)}
    np.testing.assert_array_equal(np.asarray(out), x)


def test_distribute_data_input_pytree_and_ranks():
    mesh = _mesh((4, 2), ("model", "batch"))
    layout = distribution_lib.TensorLayout(("batch", None), mesh)
    data = {"x": np.zeros((4, 5)), "y": (np.zeros((4,)), np.zeros((4, 2, 2)))}
    out = backend_dlib.distribute_data_input(data, layout, "batch")
    assert out["x"].sharding.spec == P("batch", None)
    assert out["y"][0].sharding.spec == P("batch")
    assert _shard_shapes(out["y"][1]) == {(2, 2, 2)}


def test_distribute_data_input_errors():
    mesh = _mesh((2, 4), ("batch", "model"))
    layout = distribution_lib.TensorLayout(("batch", None), mesh)
    with pytest.raises(
        ValueError,
        match=r"Global batch size must be divisible by the number of batch "
        r"shards. Received: global batch size \(3\), number of "
        r"batch shards \(2",
    ):
        backend_dlib.distribute_data_input(np.zeros((3, 2)), layout, "batch")
    with pytest.raises(ValueError, match="must shard dimension 0 over"):
        backend_dlib.distribute_data_input(np.zeros((4, 2)), layout, "model")
    with pytest.raises(ValueError, match="expected the global batch size 8"):
        backend_dlib.distribute_data_input(
            np.zeros((4, 2)), layout, "batch", global_batch_size=8
        )
    with pytest.raises(ValueError, match="must have a batch dimension"):
        backend_dlib.distribute_data_input(np.float32(1), layout, "batch")


def test_data_sharding_info():
    mesh = _mesh((4, 2), ("model", "batch"))
    info = backend_dlib.data_sharding_info(mesh, "batch")
    assert info.num_batch_shards == 2
    assert info.groups == ((0,),)
    layout = distribution_lib.TensorLayout(("batch",), mesh)
    assert backend_dlib.data_sharding_info(layout, "batch") == info


def test_all_gather_int_single_process():
    out = backend_dlib.all_gather_int([1, 2])
    np.testing.assert_array_equal(out, [[1, 2]])


def test_format_layouts():
    from jax.experimental.layout import Format
    from jax.experimental.layout import Layout

    mesh = _mesh((4, 2), ("batch", "model"))
    sharding = distribution_lib.TensorLayout(("batch", None), mesh)
    sharding = backend_dlib._to_backend_layout(sharding)
    x = np.arange(16 * 8, dtype="float32").reshape(16, 8)
    for target in (
        Format(sharding=sharding),
        Format(Layout((0, 1)), sharding=sharding),
    ):
        assert backend_dlib._to_backend_layout(target) is target
        eager = backend_dlib.distribute_tensor(x, target)
        traced = jax.jit(
            lambda a, t=target: backend_dlib.distribute_tensor(a, t)
        )(x)
        for out in (eager, traced):
            assert out.sharding.is_equivalent_to(sharding, ndim=2)
            np.testing.assert_array_equal(np.asarray(out), x)
        if target.layout is None:
            assert backend_dlib.distribute_tensor(eager, target) is eager
        placed = backend_dlib.distribute_variable(x, target)
        assert _shard_shapes(placed) == {(4, 8)}
        batch = backend_dlib.distribute_data_input(x, target, "batch")
        assert batch.sharding.is_equivalent_to(sharding, ndim=2)
        assert backend_dlib.data_sharding_info(target, "batch").groups == (
            (0,),
        )
    with pytest.raises(ValueError, match="must carry a sharding"):
        backend_dlib.distribute_tensor(x, Format())


def test_initialize_validates_arguments(monkeypatch):
    calls = []
    monkeypatch.setattr(
        jax.distributed, "initialize", lambda **kw: calls.append(kw)
    )
    with pytest.raises(ValueError, match="has 2 jobs, but num_processes is 3"):
        backend_dlib.initialize("a:1,b:2", 3, 0, 30)
    with pytest.raises(ValueError, match=r"Received: process_id=2"):
        backend_dlib.initialize("a:1", 2, 2, 30)
    assert not calls
    backend_dlib.initialize("a:1, b:2", 2, 1, 7.5)
    assert calls == [
        {
            "coordinator_address": "a:1",
            "num_processes": 2,
            "process_id": 1,
            "heartbeat_timeout_seconds": 8,
        }
    ]


def test_backend_module_is_exposed_and_does_not_import_the_public_api():
    import ast
    import inspect

    from keras.src.backend import distribution_lib

    assert distribution_lib is backend_dlib
    tree = ast.parse(inspect.getsource(backend_dlib))
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    assert not [m for m in imported if m.startswith("keras.src.distribution")]


_FFT_SPLIT_SCRIPT = """
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
os.environ["KERAS_BACKEND"] = "jax"
import jax
import numpy as np
from keras import distribution, ops
mesh = distribution.DeviceMesh((2, 4), ("batch", "model"))
distribution.set_distribution(distribution.DataParallel(mesh))
x = np.random.default_rng(0).normal(size=(8, 8, 16)).astype("float32")
spec = jax.sharding.PartitionSpec(None, None, ("model", "batch"))
placed = jax.device_put(x, jax.sharding.NamedSharding(mesh.backend_mesh, spec))
real, imag = jax.jit(lambda v: ops.fft2((v, v * 0)))(placed)
expected = np.fft.fft2(x)
np.testing.assert_allclose(real, expected.real, atol=1e-4)
real, imag = ops.rfft(placed)
np.testing.assert_allclose(real, np.fft.rfft(x).real, atol=1e-4)
# Training through a transform (an FNet-style mixing layer): the
# gradient's transform is gathered too.
import keras
auto = distribution.AutoLayoutMap(mesh)
with distribution.ModelParallel(layout_map=auto).scope():
    tokens = keras.Input((8,), dtype="int32")
    hidden = keras.layers.Embedding(64, 16)(tokens)
    mixed = keras.layers.Lambda(lambda h: ops.fft2((h, h * 0))[0])(hidden)
    hidden = keras.layers.LayerNormalization()(hidden + mixed)
    hidden = keras.layers.Dense(32, activation="gelu")(hidden)
    model = keras.Model(tokens, keras.layers.Dense(16)(hidden))
    model.compile(optimizer="adam", loss="mse")
    ids = np.random.default_rng(1).integers(0, 64, (8, 8))
    model.fit(ids, x, batch_size=8, verbose=0)
print("ok")
"""


def test_fourier_transforms_over_a_finely_split_axis():
    # 16 values over 8 devices: XLA's FFT partitioner aborts the process
    # on that split, so the transforms gather their axes first. Run in a
    # child process, which such an abort would end.
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", _FFT_SPLIT_SCRIPT],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().endswith("ok")


def test_keep_axes_whole():
    mesh = _mesh((2, 4), ("batch", "model"))
    backend_mesh = mesh.backend_mesh
    x = jax.device_put(
        np.ones((8, 16), "float32"),
        NamedSharding(backend_mesh, P("batch", "model")),
    )
    # An array split along a transformed axis is moved.
    gathered = backend_dlib.keep_axes_whole(x, (-1,))
    assert gathered.sharding.spec == P("batch", None)
    # One that is not is returned as is.
    assert backend_dlib.keep_axes_whole(gathered, (1,)) is gathered
    # Traced, under a distribution: constrained on the distribution's mesh.
    dist = distribution_lib.DataParallel(mesh)
    with dist.scope():
        out = jax.jit(lambda v: backend_dlib.keep_axes_whole(v, (1,)) * 2)(x)
    assert out.sharding.shard_shape(out.shape)[1] == 16
    np.testing.assert_array_equal(out, 2 * np.ones((8, 16)))
