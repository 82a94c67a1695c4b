"""`BaseImagePreprocessingLayer`: shared machinery of the image layers.

A layer draws one random *transformation* per call
(`get_random_transformation`) and applies it to every part of its input:
`transform_images`, `transform_labels`, `transform_segmentation_masks`
and `transform_bounding_boxes`. Inputs are either an image tensor or a
dict with an `"images"` entry and optionally `"labels"`,
`"segmentation_masks"` and `"bounding_boxes"`.

The layers compute with `self.backend`: the JAX backend normally, and
TensorFlow ops (`backend/tensorflow_data`'s `TF_OPS`) while a `tf.data`
pipeline traces its graph, so the same layer maps over a `tf.data.Dataset`
and returns TensorFlow tensors there. The helper modules of the layers take
the layer and compute with its `backend` too.
"""

from keras.src import backend
from keras.src import tree
from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer
from keras.src.layers.preprocessing.image_preprocessing._geometry import (
    check_fill_and_interpolation,
)
from keras.src.layers.preprocessing.tf_data_mode import serves_tf
from keras.src.layers.preprocessing.tf_layer_call import call_with_tf_ops
from keras.src.random.seed_generator import SeedGenerator
from keras.src.utils import backend_utils


class BaseImagePreprocessingLayer(Layer):
    """Base class of the image preprocessing and augmentation layers.

    Subclasses implement `get_random_transformation()` and
    `transform_images()`; the other `transform_*` methods default to
    returning their input unchanged (right for color-only layers).

    Args:
        factor: Optional strength of the augmentation, validated by
            `_set_factor()` when the subclass uses it.
        bounding_box_format: Format of bounding boxes in dict inputs.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Standard `Layer` options.
    """

    # Subclasses that interpret `factor` themselves set this to False.
    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)
    # Layers that mix images of a batch (or draw per-batch masks) set
    # this: a single 3D image is then processed as a batch of one, and
    # every part of a dict input gains (and loses again) a batch axis.
    _BATCH_SINGLE_IMAGES = False
    # The constructor arguments that `get_config` reports (after the
    # base's), each read from the attribute of the same name.
    _CONFIG_ATTRS = ()

    def __init__(
        self, factor=None, bounding_box_format=None, data_format=None, **kwargs
    ):
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format
        self.data_format = backend.standardize_data_format(data_format)
        if self._USE_BASE_FACTOR:
            self._set_factor(0.0 if factor is None else factor)
        elif factor is not None:
            raise ValueError(
                f"Layer {self.__class__.__name__} does not take a `factor` "
                f"argument. Received: factor={factor}"
            )
        self.supports_jit = False

    # ------------------------------------------------------------ factor
    def _set_factor(self, factor):
        low, high = self._FACTOR_BOUNDS
        message = (
            "The `factor` argument should be a number (or a list of two "
            f"numbers) in the range [{low}, {high}]. Received: "
            f"factor={factor}"
        )
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2 or not all(
                isinstance(f, (int, float)) for f in factor
            ):
                raise ValueError(message)
            bounds = (min(factor), max(factor))
        elif isinstance(factor, (int, float)) and not isinstance(factor, bool):
            magnitude = abs(factor)
            bounds = (0.0, magnitude) if low == 0 else (-magnitude, magnitude)
        else:
            raise ValueError(message)
        if bounds[0] < low or bounds[1] > high:
            raise ValueError(message)
        self.factor = (float(bounds[0]), float(bounds[1]))

    # ------------------------------------------------- backend & seeds
    @property
    def backend(self):
        """The array backend the layer computes with: `keras.src.backend`
        (JAX), or `TF_OPS` while TensorFlow traces a graph."""
        if serves_tf():
            return TF_OPS
        return backend

    def _get_seed_generator(self, backend_name=None):
        return self.generator

    # ------------------------------------------------------ transforms
    def get_random_transformation(self, data, training=True, seed=None):
        """Draws the random parameters shared by all parts of `data`."""
        return None

    def transform_images(self, images, transformation, training=True):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement "
            "`transform_images()`."
        )

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        return segmentation_masks

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        return bounding_boxes

    # ------------------------------------------------------------- call
    def __call__(self, inputs, **kwargs):
        if backend_utils.in_tf_graph():
            return self._call_in_tf_graph(inputs, **kwargs)
        inputs = tree.map_structure(from_tf, inputs)
        return super().__call__(inputs, **kwargs)

    def call(self, data, training=True):
        if self._BATCH_SINGLE_IMAGES:
            images = data["images"] if isinstance(data, dict) else data
            if len(images.shape) == 3:
                np_ = self.backend.numpy
                batched = tree.map_structure(
                    lambda x: np_.expand_dims(
                        self.backend.convert_to_tensor(x), 0
                    ),
                    data,
                )
                outputs = self._call_batched(batched, training)
                return tree.map_structure(lambda x: np_.squeeze(x, 0), outputs)
        return self._call_batched(data, training)

    def _call_batched(self, data, training):
        if isinstance(data, dict):
            return self._call_on_dict(data, training)
        images = self.backend.convert_to_tensor(data)
        self._check_rank(images)
        transformation = self.get_random_transformation(
            images, training=training
        )
        return self.transform_images(images, transformation, training=training)

    def _call_on_dict(self, data, training):
        if "images" not in data:
            raise ValueError(
                "Dict inputs of image preprocessing layers need an "
                f"`'images'` entry. Received keys: {list(data)}"
            )
        data = dict(data)
        data["images"] = self.backend.convert_to_tensor(data["images"])
        self._check_rank(data["images"])
        transformation = self.get_random_transformation(data, training=training)
        outputs = dict(data)
        outputs["images"] = self.transform_images(
            data["images"], transformation, training=training
        )
        if "labels" in data:
            outputs["labels"] = self.transform_labels(
                data["labels"], transformation, training=training
            )
        if "segmentation_masks" in data:
            outputs["segmentation_masks"] = self.transform_segmentation_masks(
                self.backend.convert_to_tensor(data["segmentation_masks"]),
                transformation,
                training=training,
            )
        if "bounding_boxes" in data:
            outputs["bounding_boxes"] = self.transform_bounding_boxes(
                data["bounding_boxes"], transformation, training=training
            )
        return outputs

    def _spatial_axes(self):
        """Negative `(height_axis, width_axis)` of images (any rank)."""
        if self.data_format == "channels_last":
            return -3, -2
        return -2, -1

    def _image_size(self, images):
        """Static `(height, width)` of `images` (any rank)."""
        h_axis, w_axis = self._spatial_axes()
        return images.shape[h_axis], images.shape[w_axis]

    def _batch_size(self, images):
        """Batch size of `images` (1 for a single 3D image)."""
        if len(images.shape) == 3:
            return 1
        return self.backend.shape(images)[0]

    def _as_batch(self, fn, images):
        """`fn(images)` for a batch; a single 3D image goes through `fn`
        as a batch of one."""
        if len(images.shape) == 3:
            return fn(self.backend.numpy.expand_dims(images, 0))[0]
        return fn(images)

    def _per_image_shape(self, images):
        """`(batch, 1, 1, 1)`: the shape of one draw per image that
        broadcasts against a batch of images."""
        return (self._batch_size(images), 1, 1, 1)

    def _for_images(self, values, images):
        """Per-image `values` (batch first) as they broadcast against
        `images`: only the first entry for a single 3D image."""
        return values[0] if len(images.shape) == 3 else values

    def _uniform(self, images, low, high):
        """One uniform draw in `[low, high)` per image, shape `(batch,)`."""
        return self.backend.random.uniform(
            shape=(self._batch_size(images),),
            minval=low,
            maxval=high,
            seed=self._get_seed_generator(),
        )

    def _build_sublayers(self, layers, input_shape):
        """Builds the `layers` that this layer applies (those not built
        yet) for `input_shape`, then marks this layer built."""
        for layer in layers:
            if not layer.built:
                layer.build(input_shape)
        self.built = True

    def _check_rank(self, images):
        if len(images.shape) not in (3, 4):
            raise ValueError(
                "Expected the input image to be rank 3 or 4. Received "
                f"inputs.shape={tuple(images.shape)}"
            )

    def _call_in_tf_graph(self, inputs, **kwargs):
        return call_in_tf_graph(self, inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(self, "bounding_box_format", "data_format")
        )
        if self._USE_BASE_FACTOR:
            config["factor"] = self.factor
        config.update(attribute_config(self, *self._CONFIG_ATTRS))
        return config


def call_in_tf_graph(layer, inputs, **kwargs):
    """Runs `layer.call` with TensorFlow ops on the TF tensors of a
    `tf.data` graph. A ragged batch (images of different sizes) goes
    through image by image."""
    import tensorflow as tf

    if isinstance(inputs, tf.RaggedTensor):
        return _call_on_ragged_images(layer, inputs, **kwargs)
    return call_with_tf_ops(layer, inputs, **kwargs)


def _call_on_ragged_images(layer, images, **kwargs):
    """Calls `layer` on each image of a ragged batch; the results are
    stacked into a dense batch when the layer gives every image one size
    (e.g. `Resizing`), else into a ragged batch."""
    import tensorflow as tf

    image_spec = backend.KerasTensor(
        tuple(images.shape[1:]), dtype=images.dtype.name
    )
    out_spec = layer.compute_output_spec(image_spec, **kwargs)
    dense = None not in out_spec.shape
    dtype = tf.as_dtype(out_spec.dtype)
    # Ragged outputs keep the input's layout: every axis but the channels
    # (the last one) may vary from image to image.
    ragged_rank = len(out_spec.shape) - 2
    if dense:
        signature = tf.TensorSpec(out_spec.shape, dtype)
    else:
        signature = tf.RaggedTensorSpec(
            out_spec.shape, dtype, ragged_rank=ragged_rank
        )

    def one_image(image):
        # Each image is a full rectangle: densifying it adds no padding.
        if isinstance(image, tf.RaggedTensor):
            image = image.to_tensor()
        output = call_in_tf_graph(layer, image, **kwargs)
        if dense:
            return output
        return tf.RaggedTensor.from_tensor(output, ragged_rank=ragged_rank)

    return tf.map_fn(one_image, images, fn_output_signature=signature)


def from_tf(x):
    """A TF tensor as a NumPy array; anything else unchanged."""
    if backend_utils.is_tf_tensor(x):
        return x.numpy()
    return x


class RandomAugmentationLayer(BaseImagePreprocessingLayer):
    """Base of the layers that draw random parameters from a seeded
    generator.

    The layer keeps `seed` and its own `SeedGenerator`. A subclass
    implements `_draw_transformation(images, seed)`, which
    `get_random_transformation` calls only while training (there is no
    transformation at inference) with `seed`, the seed given to that
    call or else the layer's generator.
    """

    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        if seed is None:
            seed = self._get_seed_generator()
        return self._draw_transformation(images, seed)

    def _draw_transformation(self, images, seed):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement "
            "`_draw_transformation()`."
        )

    def _draw_apply_mask(self, shape, seed):
        """Booleans of `shape` (batch first): whether to augment each
        image, true with a probability that is itself drawn from
        `factor` for each image."""
        random = self.backend.random
        probability = random.uniform(shape, *self.factor, seed=seed)
        return random.uniform(shape, seed=seed) < probability


class AffineTransformLayer(RandomAugmentationLayer):
    """Base of the layers that move pixels with one affine transform per
    image (rotation, shear, translation, zoom).

    A subclass defines `_transforms(transformation)`, the `(batch, 8)`
    transforms of `keras.ops.image.affine_transform` for a drawn
    transformation. Images are resampled with `interpolation`,
    segmentation masks with `"nearest"` so that class ids stay whole;
    uncovered pixels follow `fill_mode` and `fill_value`.
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("fill_mode", "interpolation", "seed", "fill_value")

    def __init__(
        self,
        fill_mode="reflect",
        interpolation="bilinear",
        fill_value=0.0,
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(seed=seed, data_format=data_format, **kwargs)
        check_fill_and_interpolation(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        return self._apply_transforms(
            images,
            self._transforms(transformation),
            self.interpolation,
            self.fill_mode,
            self.fill_value,
        )

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        return self._apply_transforms(
            segmentation_masks,
            self._transforms(transformation),
            "nearest",
            self.fill_mode,
            self.fill_value,
        )

    def _apply_transforms(
        self, images, transforms, interpolation, fill_mode, fill_value
    ):
        """Resamples `images` through `(batch, 8)` `transforms` (see
        `keras.ops.image.affine_transform`)."""
        return self._as_batch(
            lambda batch: self.backend.image.affine_transform(
                batch,
                transforms,
                interpolation=interpolation,
                fill_mode=fill_mode,
                fill_value=fill_value,
                data_format=self.data_format,
            ),
            images,
        )
