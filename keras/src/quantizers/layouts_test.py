from keras.src import distribution
from keras.src import layers
from keras.src import testing
from keras.src.quantizers.layouts import derived_layout
from keras.src.quantizers.layouts import float_weight_layout


def _mesh():
    return distribution.DeviceMesh(
        (4, 2), ("model", "batch"), distribution.list_devices()[:8]
    )


class LayoutsTest(testing.TestCase):
    def test_derived_layout_takes_the_picked_axes(self):
        mesh = _mesh()
        base = ((None, "model"), mesh)
        layout = derived_layout(base, (1, None), (8, 3))
        self.assertEqual(layout.axes, ("model", None))
        self.assertIs(layout.device_mesh, mesh)
        self.assertEqual(derived_layout(base, (), ()).axes, ())

    def test_derived_layout_replicates_axes_the_mesh_does_not_divide(self):
        base = ((("model", "batch"), None), _mesh())
        self.assertEqual(
            derived_layout(base, (0,), (16,)).axes, (("model", "batch"),)
        )
        # 12 is not a multiple of 4 * 2 (e.g. a packed axis).
        self.assertEqual(derived_layout(base, (0,), (12,)).axes, (None,))

    def test_no_layout_without_a_distribution(self):
        self.assertIsNone(derived_layout(None, (0,), (4,)))
        layer = layers.Dense(4)
        layer.build((None, 8))
        self.assertIsNone(float_weight_layout(layer, "kernel", (8, 4)))

    def test_float_weight_layout_under_a_layout_map(self):
        mesh = _mesh()
        layout_map = distribution.LayoutMap(mesh)
        layout_map["dense/kernel"] = (None, "model")
        dist = distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name="batch"
        )
        with dist.scope():
            layer = layers.Dense(4, name="dense")
            layer.build((None, 8))
            axes, layout_mesh = float_weight_layout(layer, "kernel", (8, 4))
        self.assertEqual(axes, (None, "model"))
        self.assertIs(layout_mesh, mesh)
