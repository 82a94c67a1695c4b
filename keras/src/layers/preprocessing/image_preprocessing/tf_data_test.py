"""Image layers inside `tf.data`: TensorFlow ops on TensorFlow tensors.

Every layer is traced as TensorFlow traces a `Dataset.map` function: the
graph must hold no Python call-back op (`PyFunc`), and the results are TF
tensors of the shapes and dtypes of the layer's JAX call. Deterministic
layers give the values of their JAX call.
"""

import numpy as np
import pytest

from keras.src import layers
from keras.src import testing

tf = pytest.importorskip("tensorflow")

_CALLBACK_OPS = {"PyFunc", "PyFuncStateless", "EagerPyFunc"}
_RNG = np.random.RandomState(0)
_IMAGES = _RNG.uniform(0, 255, (2, 8, 10, 3)).astype("float32")
_MASKS = _RNG.randint(0, 3, (2, 8, 10, 1)).astype("float32")
_LABELS = np.eye(3, dtype="float32")[[0, 2]]
_BOXES = {
    "boxes": np.array(
        [[[1, 1, 5, 6], [2, 0, 9, 4]], [[0, 2, 4, 7], [3, 3, 8, 8]]],
        "float32",
    ),
    "labels": np.array([[1, 2], [0, 1]], "float32"),
}

_FMT = dict(data_format="channels_last")
_BOX_FMT = dict(bounding_box_format="xyxy", **_FMT)

# name -> (layer factory, the dict keys it transforms besides images)
_LAYERS = {
    "AugMix": (
        lambda: layers.AugMix(
            num_chains=1, chain_depth=1, all_ops=False, seed=1, **_FMT
        ),
        (),
    ),
    "AutoContrast": (lambda: layers.AutoContrast(**_FMT), ("labels",)),
    "CenterCrop": (
        lambda: layers.CenterCrop(6, 7, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "CLAHE": (
        lambda: layers.ContrastLimitedAdaptiveHistogramEqualization(
            tile_grid_size=(2, 2), **_FMT
        ),
        (),
    ),
    "CutMix": (
        lambda: layers.CutMix(seed=1, **_FMT),
        ("labels", "segmentation_masks"),
    ),
    "Equalization": (lambda: layers.Equalization(**_FMT), ()),
    "MaxNumBoundingBoxes": (
        lambda: layers.MaxNumBoundingBoxes(3, **_BOX_FMT),
        ("bounding_boxes",),
    ),
    "MixUp": (
        lambda: layers.MixUp(seed=1, **_FMT),
        ("labels", "segmentation_masks", "bounding_boxes"),
    ),
    "RandAugment": (
        lambda: layers.RandAugment(num_ops=1, seed=1, **_FMT),
        (),
    ),
    "RandomBrightness": (lambda: layers.RandomBrightness(0.3, seed=1), ()),
    "RandomColorDegeneration": (
        lambda: layers.RandomColorDegeneration(0.5, seed=1, **_FMT),
        (),
    ),
    "RandomColorJitter": (
        lambda: layers.RandomColorJitter(
            brightness_factor=0.2,
            contrast_factor=0.3,
            saturation_factor=0.4,
            hue_factor=0.2,
            seed=1,
            **_FMT,
        ),
        (),
    ),
    "RandomContrast": (lambda: layers.RandomContrast(0.4, seed=1), ()),
    "RandomCrop": (
        lambda: layers.RandomCrop(5, 6, seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "RandomElasticTransform": (
        lambda: layers.RandomElasticTransform(seed=1, **_FMT),
        (),
    ),
    "RandomErasing": (lambda: layers.RandomErasing(seed=1, **_FMT), ()),
    "RandomFlip": (
        lambda: layers.RandomFlip(seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "RandomGaussianBlur": (
        lambda: layers.RandomGaussianBlur(seed=1, **_FMT),
        (),
    ),
    "RandomGrayscale": (lambda: layers.RandomGrayscale(seed=1, **_FMT), ()),
    "RandomHue": (lambda: layers.RandomHue(0.3, seed=1, **_FMT), ()),
    "RandomInvert": (lambda: layers.RandomInvert(seed=1, **_FMT), ()),
    "RandomPerspective": (
        lambda: layers.RandomPerspective(seed=1, **_BOX_FMT),
        ("bounding_boxes",),
    ),
    "RandomPosterization": (
        lambda: layers.RandomPosterization(4, seed=1, **_FMT),
        (),
    ),
    "RandomRotation": (
        lambda: layers.RandomRotation(0.2, seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "RandomSaturation": (
        lambda: layers.RandomSaturation(0.5, value_range=(0, 255), **_FMT),
        (),
    ),
    "RandomSharpness": (
        lambda: layers.RandomSharpness(0.5, seed=1, **_FMT),
        (),
    ),
    "RandomShear": (
        lambda: layers.RandomShear(0.2, 0.2, seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "RandomTranslation": (
        lambda: layers.RandomTranslation(0.2, 0.2, seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "RandomZoom": (
        lambda: layers.RandomZoom(0.2, seed=1, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "Rescaling": (lambda: layers.Rescaling(1 / 255.0), ()),
    "Resizing": (
        lambda: layers.Resizing(5, 4, **_BOX_FMT),
        ("segmentation_masks", "bounding_boxes"),
    ),
    "Solarization": (
        lambda: layers.Solarization(0.2, 0.5, seed=1, **_FMT),
        (),
    ),
}

# Layers whose output does not depend on random draws, with their values.
_DETERMINISTIC = {
    "AutoContrast": lambda: layers.AutoContrast(**_FMT),
    "CenterCrop": lambda: layers.CenterCrop(6, 7, **_FMT),
    "CenterCropUp": lambda: layers.CenterCrop(9, 12, **_FMT),
    "CLAHE": lambda: layers.ContrastLimitedAdaptiveHistogramEqualization(
        tile_grid_size=(2, 3), **_FMT
    ),
    "Equalization": lambda: layers.Equalization(**_FMT),
    "Rescaling": lambda: layers.Rescaling(1 / 127.5, offset=-1.0),
    "Resizing": lambda: layers.Resizing(5, 4, **_FMT),
    "ResizingCrop": lambda: layers.Resizing(
        4, 4, crop_to_aspect_ratio=True, **_FMT
    ),
    "ResizingPad": lambda: layers.Resizing(
        4, 4, pad_to_aspect_ratio=True, **_FMT
    ),
    "Solarization": lambda: layers.Solarization(
        threshold_factor=(0.5, 0.5), **_FMT
    ),
    "RandomCropInference": lambda: layers.RandomCrop(5, 6, **_FMT),
}


def _inputs(keys):
    if not keys:
        return _IMAGES
    data = {"images": _IMAGES}
    for key in keys:
        data[key] = {
            "labels": _LABELS,
            "segmentation_masks": _MASKS,
            "bounding_boxes": _BOXES,
        }[key]
    return data


def _traced_ops(layer, data, **kwargs):
    """The op types of the graph TensorFlow traces for `layer(data)`, a
    batch of unknown size."""
    specs = tf.nest.map_structure(
        lambda x: tf.TensorSpec((None,) + x.shape[1:], tf.as_dtype(x.dtype)),
        data,
    )
    fn = tf.function(lambda x: layer(x, **kwargs))
    graph = fn.get_concrete_function(specs).graph
    return {op.type for op in graph.get_operations()}


def _map_once(layer, data, **kwargs):
    """`layer` mapped over `data` in `tf.data`: a batch of unknown size
    (as `Dataset.batch` makes) when `data` is batched."""
    images = data["images"] if isinstance(data, dict) else data
    if len(images.shape) == 4:
        ds = tf.data.Dataset.from_tensor_slices(data).batch(len(images))
    else:
        ds = tf.data.Dataset.from_tensors(data)
    return next(iter(ds.map(lambda x: layer(x, **kwargs))))


@pytest.mark.parametrize("name", sorted(_LAYERS))
def test_layer_runs_with_tf_ops_in_tf_data(name):
    factory, keys = _LAYERS[name]
    data = _inputs(keys)
    assert not _traced_ops(factory(), data) & _CALLBACK_OPS
    outputs = _map_once(factory(), data)
    expected = factory()(data)
    flat_out = tf.nest.flatten(outputs)
    flat_expected = tf.nest.flatten(expected)
    assert len(flat_out) == len(flat_expected)
    for out, ref in zip(flat_out, flat_expected):
        assert isinstance(out, tf.Tensor)
        assert tuple(out.shape) == tuple(ref.shape)
        assert out.dtype.name == str(ref.dtype)
        assert np.all(np.isfinite(out.numpy()))


@pytest.mark.parametrize("name", ["RandomFlip", "RandomRotation", "MixUp"])
def test_single_images_and_inference_in_tf_data(name):
    factory, _ = _LAYERS[name]
    for training in (True, False):
        out = _map_once(factory(), _IMAGES[0], training=training)
        assert isinstance(out, tf.Tensor)
        assert tuple(out.shape) == _IMAGES[0].shape


def test_random_layer_draws_new_values_per_element():
    layer = layers.RandomBrightness(0.5, seed=3)
    ds = tf.data.Dataset.from_tensor_slices(np.full((4, 2, 2, 1), 100.0))
    ds = ds.map(layer)
    values = [float(x.numpy()[0, 0, 0]) for x in ds]
    assert len(set(values)) == 4
    # The next epoch continues the stream instead of repeating it.
    again = [float(x.numpy()[0, 0, 0]) for x in ds]
    assert again != values


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(_DETERMINISTIC))
def test_deterministic_layer_matches_jax_call(name):
    layer = _DETERMINISTIC[name]()
    data = _IMAGES
    if name in ("CLAHE", "Equalization"):
        # Whole pixel levels, so that binning sees no round-off.
        data = np.round(data)
    expected = np.asarray(layer(data, training=False))
    out = _map_once(layer, data, training=False)
    assert out.dtype.name == str(expected.dtype)
    # float32 round-off of a few arithmetic steps on values up to 255.
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-5, atol=1e-3)


@pytest.mark.parity
@pytest.mark.parametrize(
    "aspect", [{"crop_to_aspect_ratio": True}, {"pad_to_aspect_ratio": True}]
)
def test_resizing_images_of_unknown_size(aspect):
    # Height and width are known only when the graph runs, as for images
    # decoded inside the pipeline.
    layer = layers.Resizing(4, 6, **aspect)
    images = np.random.default_rng(0).random((2, 5, 9, 3), "float32") * 255
    resize = tf.function(
        layer, input_signature=[tf.TensorSpec((None, None, None, 3))]
    )
    out = resize(images)
    expected = np.asarray(layer(images))
    assert tuple(out.shape) == (2, 4, 6, 3)
    # float32 round-off of bilinear weights on values up to 255.
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-5, atol=1e-3)


def test_ragged_batch_is_resized_image_by_image():
    images = tf.ragged.constant(
        [np.ones((4, 6, 3)).tolist(), np.ones((6, 4, 3)).tolist()],
        ragged_rank=2,
    )
    ds = tf.data.Dataset.from_tensors(images)
    ds = ds.map(layers.Resizing(3, 3, **_FMT))
    out = next(iter(ds))
    assert tuple(out.shape) == (2, 3, 3, 3)


def test_transform_bounding_boxes_called_directly_in_a_graph():
    layer = layers.RandomFlip("horizontal", **_BOX_FMT)

    def flip(boxes):
        transformation = {
            "flips": tf.constant([[[[True]]], [[[False]]]]),
            "input_shape": (2, 8, 10, 3),
        }
        return layer.transform_bounding_boxes(boxes, transformation)

    out = tf.function(flip)(tf.nest.map_structure(tf.constant, _BOXES))
    np.testing.assert_allclose(out["boxes"][0, 0].numpy(), [5, 1, 9, 6])
    np.testing.assert_allclose(out["boxes"][1], _BOXES["boxes"][1])


class TFDataPipelineTest(testing.TestCase):
    def test_pipeline_of_layers_in_tf_data(self):
        pipeline = layers.Pipeline(
            [
                layers.RandomFlip(seed=1, **_FMT),
                layers.Resizing(4, 4, **_FMT),
                layers.Rescaling(1 / 255.0),
            ]
        )
        assert not _traced_ops(pipeline, _IMAGES) & _CALLBACK_OPS
        out = _map_once(pipeline, _IMAGES)
        self.assertIsInstance(out, tf.Tensor)
        self.assertEqual(tuple(out.shape), (2, 4, 4, 3))


_CHANNELS_FIRST = {
    "CLAHE": lambda f: layers.ContrastLimitedAdaptiveHistogramEqualization(
        tile_grid_size=(2, 2), **f
    ),
    "RandomCrop": lambda f: layers.RandomCrop(6, 7, seed=1, **f),
    "RandomElasticTransform": lambda f: layers.RandomElasticTransform(
        seed=1, **f
    ),
    "RandomRotation": lambda f: layers.RandomRotation(0.2, seed=1, **f),
    "RandomSharpness": lambda f: layers.RandomSharpness(0.5, seed=1, **f),
    "Resizing": lambda f: layers.Resizing(5, 4, **f),
}


@pytest.mark.parametrize("name", sorted(_CHANNELS_FIRST))
def test_channels_first_layer_in_tf_data(name):
    layer = _CHANNELS_FIRST[name](dict(data_format="channels_first"))
    images = np.round(np.transpose(_IMAGES, (0, 3, 1, 2)))
    expected = layer(images)
    out = _map_once(layer, images)
    assert isinstance(out, tf.Tensor)
    assert tuple(out.shape) == tuple(expected.shape)
    assert out.dtype.name == str(expected.dtype)
