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


class ReconstructPatchesTest(testing.TestCase):
    # Expected arrays below were read from upstream Keras main (3.16 dev)
    # on JAX, running the same calls.

    def _assert_round_trips(self, extract, shape, size, padding, seed):
        """`reconstruct_patches` rebuilds random images of `shape` exactly
        from the (channels-last) patches `extract` takes of them: the
        batch and its first image, channels last (or by default) and
        channels first."""
        x = np.random.RandomState(seed).rand(*shape).astype("float32")
        patches = np.asarray(
            extract(x, size, padding=padding, data_format="channels_last")
        )
        patches_cf, x_cf = np.moveaxis(patches, -1, 1), np.moveaxis(x, -1, 1)
        for batch, expected, data_format in (
            (patches, x, "channels_last"),
            (patches[0], x[0], None),
            (patches_cf, x_cf, "channels_first"),
            (patches_cf[0], x_cf[0], "channels_first"),
        ):
            out = kimage.reconstruct_patches(
                batch,
                size,
                shape[1:-1],
                padding=padding,
                data_format=data_format,
            )
            self.assertEqual(out.shape, expected.shape)
            self.assertAllClose(out, expected, atol=0)

    def test_round_trips_extract_patches_2d(self):
        for shape, size, padding in [
            ((2, 6, 6, 2), (3, 3), "valid"),
            ((1, 7, 5, 1), (3, 2), "same"),
            ((2, 5, 7, 3), (2, 4), "same"),
            ((1, 9, 4, 2), (4, 4), "same"),
            ((1, 3, 3, 1), (4, 4), "same"),
            ((1, 4, 4, 1), 1, "valid"),
        ]:
            self._assert_round_trips(
                kimage.extract_patches, shape, size, padding, seed=0
            )

    def test_round_trips_extract_patches_3d(self):
        for shape, size, padding in [
            ((1, 4, 4, 4, 1), (2, 2, 2), "valid"),
            ((2, 5, 3, 4, 2), (2, 2, 3), "same"),
            ((1, 3, 5, 7, 1), (2, 3, 4), "same"),
        ]:
            self._assert_round_trips(
                kimage.extract_patches_3d, shape, size, padding, seed=1
            )

    def test_values_and_same_cropping(self):
        # A 3 x 3 grid of 2 x 2 patches tiles 6 x 6; "same" keeps the part
        # that extraction would have padded around a 5 x 5 image.
        patches = np.arange(36, dtype="float32").reshape(1, 3, 3, 4)
        out = kimage.reconstruct_patches(
            patches, 2, (5, 5), padding="same", data_format="channels_last"
        )
        expected = [
            [0, 1, 4, 5, 8],
            [2, 3, 6, 7, 10],
            [12, 13, 16, 17, 20],
            [14, 15, 18, 19, 22],
            [24, 25, 28, 29, 32],
        ]
        self.assertAllClose(out[0, :, :, 0], expected, atol=0)
        # Odd padding: one row before and one after, no column before.
        patches = np.arange(54, dtype="int32").reshape(1, 3, 3, 6)
        out = kimage.reconstruct_patches(
            patches, (3, 2), (7, 5), padding="same", data_format="channels_last"
        )
        self.assertEqual(backend.standardize_dtype(out.dtype), "int32")
        expected = [
            [2, 3, 8, 9, 14],
            [4, 5, 10, 11, 16],
            [18, 19, 24, 25, 30],
            [20, 21, 26, 27, 32],
            [22, 23, 28, 29, 34],
            [36, 37, 42, 43, 48],
            [38, 39, 44, 45, 50],
        ]
        self.assertAllClose(out[0, :, :, 0], expected, atol=0)
        volume = np.arange(64, dtype="int32").reshape(1, 2, 2, 2, 8)
        out = kimage.reconstruct_patches(
            volume, (2, 2, 2), (4, 4, 4), data_format="channels_last"
        )
        self.assertAllClose(
            np.asarray(out)[0, 0, :, :, 0],
            [[0, 1, 8, 9], [2, 3, 10, 11], [16, 17, 24, 25], [18, 19, 26, 27]],
            atol=0,
        )

    def test_dtypes_are_kept(self):
        import jax.numpy as jnp

        for dtype in ("int32", "uint8", "bool", "float16", "bfloat16"):
            patches = jnp.ones((1, 2, 2, 12), dtype)
            out = kimage.reconstruct_patches(
                patches, 2, (4, 4), data_format="channels_last"
            )
            self.assertEqual(backend.standardize_dtype(out.dtype), dtype)
            self.assertEqual(out.shape, (1, 4, 4, 3))

    def test_symbolic_shapes(self):
        def shape_of(shape, size, output_size, **kwargs):
            return kimage.reconstruct_patches(
                backend.KerasTensor(shape), size, output_size, **kwargs
            ).shape

        cl = {"data_format": "channels_last"}
        cf = {"data_format": "channels_first"}
        self.assertEqual(
            shape_of((None, 4, 4, 75), (5, 5), (20, 20), **cl),
            (None, 20, 20, 3),
        )
        self.assertEqual(
            shape_of((None, None, None, 75), 5, (18, 20), padding="same", **cl),
            (None, 18, 20, 3),
        )
        self.assertEqual(
            shape_of((None, 4, 4, None), 5, (20, 20), **cl),
            (None, 20, 20, None),
        )
        self.assertEqual(shape_of((4, 4, 75), 5, (20, 20), **cl), (20, 20, 3))
        self.assertEqual(
            shape_of((None, 4, 4, 4, 375), (5, 5, 5), (20, 20, 20), **cl),
            (None, 20, 20, 20, 3),
        )
        self.assertEqual(
            shape_of((2, 75, 4, 4), 5, (20, 20), **cf), (2, 3, 20, 20)
        )
        self.assertEqual(
            shape_of((75, None, 4), 5, (20, 20), **cf), (3, 20, 20)
        )
        self.assertEqual(
            shape_of((2, 375, 4, 4, 4), (5, 5, 5), (20, 20, 20), **cf),
            (2, 3, 20, 20, 20),
        )
        out = kimage.reconstruct_patches(
            backend.KerasTensor((None, 4, 4, 75), "int32"), 5, (20, 20), **cl
        )
        self.assertEqual(out.dtype, "int32")

    def test_argument_errors(self):
        patches = np.zeros((1, 4, 4, 75), "float32")
        symbolic = backend.KerasTensor((None, 4, 4, 75))
        for x in (patches, symbolic):

            def call(size=(5, 5), output_size=(20, 20), x=x, **kwargs):
                kwargs.setdefault("data_format", "channels_last")
                return kimage.reconstruct_patches(
                    x, size, output_size, **kwargs
                )

            with self.assertRaisesRegex(ValueError, "length 2 or 3"):
                call(size=(5,))
            with self.assertRaisesRegex(TypeError, "int or a tuple"):
                call(size="ab")
            with self.assertRaisesRegex(TypeError, "int or a tuple"):
                call(size=5.0)
            with self.assertRaisesRegex(ValueError, "positive int"):
                call(size=(0, 0))
            with self.assertRaisesRegex(TypeError, "tuple or list"):
                call(output_size=20)
            with self.assertRaisesRegex(ValueError, "length 2"):
                call(output_size=(20, 20, 20))
            with self.assertRaisesRegex(ValueError, "'same' or 'valid'"):
                call(padding="SAME")
            with self.assertRaisesRegex(NotImplementedError, "overlapping"):
                call(strides=(2, 2))
            with self.assertRaisesRegex(NotImplementedError, "overlapping"):
                call(strides=(5,))
            with self.assertRaisesRegex(ValueError, "size \\* grid"):
                call(output_size=(19, 20))
            with self.assertRaisesRegex(ValueError, "'same'.*height"):
                call(output_size=(15, 20), padding="same")
            with self.assertRaisesRegex(ValueError, "'same'.*width"):
                call(output_size=(20, 21), padding="same")
            call(strides=5)
            call(strides=[5, 5], output_size=[20, 20])
            call(output_size=(16, 20), padding="same")
        for x in (
            np.zeros((1, 2, 4, 4, 75), "float32"),
            backend.KerasTensor((4, 75)),
        ):
            with self.assertRaisesRegex(ValueError, "unexpected rank"):
                kimage.reconstruct_patches(x, 5, (20, 20))
        with self.assertRaisesRegex(ValueError, "not divisible"):
            kimage.reconstruct_patches(
                backend.KerasTensor((None, 4, 4, 80)), 5, (20, 20)
            )
        with self.assertRaisesRegex(ValueError, "'same'.*depth"):
            kimage.reconstruct_patches(
                np.zeros((1, 4, 4, 4, 375), "float32"),
                (5, 5, 5),
                (10, 20, 20),
                padding="same",
                data_format="channels_last",
            )
        with self.assertRaisesRegex(ValueError, "channels_first"):
            kimage.reconstruct_patches(
                np.zeros((75, 4), "float32"),
                5,
                (20, 20),
                data_format="channels_first",
            )

    def test_op_class_config(self):
        op = kimage.ReconstructPatches(5, [20, 20], data_format="channels_last")
        config = op.get_config()
        self.assertEqual(config["size"], (5, 5))
        self.assertEqual(config["output_size"], (20, 20))
        self.assertEqual(config["strides"], (5, 5))
        self.assertEqual(config["padding"], "valid")
        clone = kimage.ReconstructPatches.from_config(config)
        out = clone(np.ones((1, 4, 4, 75), "float32"))
        self.assertEqual(out.shape, (1, 20, 20, 3))


def test_reconstruct_patches_exports_with_unknown_batch():
    def fn(patches):
        return kimage.reconstruct_patches(
            patches, 2, (4, 4), data_format="channels_last"
        )

    exported = _export_symbolic(fn, ("b, 2, 2, 12", "float32"))
    x = np.random.RandomState(0).rand(3, 2, 2, 12).astype("float32")
    np.testing.assert_allclose(exported.call(x), fn(x))


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
