import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.ops import image as kimage


class ImageOpsOwnTest(testing.TestCase):
    def test_affine_shift_and_fill(self):
        x = np.arange(16.0).reshape(4, 4, 1).astype("float32")
        shift = np.array([1, 0, -1, 0, 1, 0, 0, 0], "float32")
        out = kimage.affine_transform(
            x, shift, fill_value=-1, data_format="channels_last"
        )
        self.assertAllClose(out[0, :, 0], [-1.0, 0.0, 1.0, 2.0])

    def test_rgb_hsv_round_trip(self):
        x = np.random.RandomState(0).rand(2, 5, 5, 3).astype("float32")
        hsv = kimage.rgb_to_hsv(x, data_format="channels_last")
        back = kimage.hsv_to_rgb(hsv, data_format="channels_last")
        self.assertAllClose(back, x, atol=1e-5)

    def test_pad_then_crop_round_trip(self):
        x = np.random.rand(3, 4, 2).astype("float32")
        padded = kimage.pad_images(x, 1, 2, 3, 4, data_format="channels_last")
        self.assertEqual(padded.shape, (7, 10, 2))
        back = kimage.crop_images(
            padded,
            1,
            2,
            target_height=3,
            target_width=4,
            data_format="channels_last",
        )
        self.assertAllClose(back, x)

    def test_pad_images_spec_unknown_size(self):
        x = backend.KerasTensor((None, None, 3))
        out = kimage.pad_images(x, 1, 1, 1, 1, data_format="channels_last")
        self.assertEqual(out.shape, (None, None, 3))

    def test_ssim_rejects_small_images(self):
        x = np.random.rand(8, 8, 1).astype("float32")
        with pytest.raises(ValueError, match="filter_size=11"):
            kimage.ssim(x, x, max_val=1.0, data_format="channels_last")

    def test_gaussian_blur_keeps_mass_inside(self):
        x = np.zeros((7, 7, 1), "float32")
        x[3, 3] = 1.0
        out = kimage.gaussian_blur(x, (5, 5), (1.0, 1.0), "channels_last")
        self.assertAllClose(np.sum(out), 1.0, atol=1e-5)
        self.assertAllClose(out[3, 2, 0], out[2, 3, 0])

    def test_op_class_config_round_trip(self):
        op = kimage.PadImages(1, 2, 3, 4)
        config = op.get_config()
        self.assertEqual(config["top_padding"], 1)
        clone = kimage.PadImages.from_config(config)
        self.assertEqual(clone.right_padding, 4)


def _export_symbolic(fn, *specs):
    """`fn` exported with `jax.export` for `(shape string, dtype)` specs."""
    import jax

    scope = jax.export.SymbolicScope()
    structs = [
        jax.ShapeDtypeStruct(jax.export.symbolic_shape(s, scope=scope), d)
        for s, d in specs
    ]
    return jax.export.export(jax.jit(fn))(*structs)


@pytest.mark.parametrize(
    "name,fn",
    [
        ("resize", lambda x: kimage.resize(x, (4, 5))),
        ("extract_patches", lambda x: kimage.extract_patches(x, 2)),
        (
            "affine_transform",
            lambda x: kimage.affine_transform(
                x, np.array([1, 0, 1, 0, 1, -1, 0, 0], "float32")
            ),
        ),
        (
            "perspective_transform",
            lambda x: kimage.perspective_transform(
                x,
                np.array([[0, 0], [6, 0], [0, 6], [6, 6]], "float32"),
                np.array([[1, 0], [5, 1], [0, 6], [6, 5]], "float32"),
            ),
        ),
    ],
)
def test_image_ops_export_with_unknown_sizes(name, fn):
    # Under `jax.export` the batch, height and width are symbolic; checking
    # the call's arguments must not build a `KerasTensor` from them.
    exported = _export_symbolic(fn, ("b, h, w, 3", "float32"))
    x = np.random.RandomState(0).rand(2, 6, 7, 3).astype("float32")
    np.testing.assert_allclose(exported.call(x), fn(x), rtol=1e-5, atol=1e-6)


def test_map_coordinates_exports_with_unknown_sizes():
    def fn(x, coordinates):
        return kimage.map_coordinates(x, coordinates, order=1)

    exported = _export_symbolic(fn, ("h, w", "float32"), ("2, n", "float32"))
    x = np.arange(12.0, dtype="float32").reshape(3, 4)
    coordinates = np.array([[0.5, 1.0, 2.0], [1.5, 0.0, 3.0]], "float32")
    np.testing.assert_allclose(
        exported.call(x, coordinates), fn(x, coordinates), rtol=1e-6
    )
