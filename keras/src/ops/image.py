"""Image ops (`keras.ops.image.*`): color spaces, geometry and filters.

Images are 3D `(height, width, channels)` or 4D batches, laid out as
`keras.config.image_data_format()` says unless `data_format` is given.
Every op also exists as an `Operation` class (`rgb_to_grayscale` and
`RGBToGrayscale`), taking the non-tensor arguments in its constructor.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.operation import Operation
from keras.src.ops.operation import dispatch_to
from keras.src.utils.argument_validation import standardize_tuple
from keras.src.utils.python_utils import ceil_div


# ------------------------------------------------------------- helpers
def _check_images_rank(shape, name="images"):
    if len(shape) not in (3, 4):
        raise ValueError(
            f"Invalid {name} rank: expected rank 3 (single image) or rank 4 "
            f"(batch of images). Received input with shape: "
            f"{name}.shape={tuple(shape)}"
        )


def _image_axes(shape, data_format):
    """`(height_axis, width_axis, channel_axis)` of an image shape."""
    _check_images_rank(shape)
    offset = len(shape) - 3
    if data_format == "channels_last":
        return offset, offset + 1, offset + 2
    return offset + 1, offset + 2, offset


def _check_float(dtype):
    if not backend.is_float_dtype(backend.standardize_dtype(dtype)):
        raise ValueError(
            "Invalid images dtype: expected float dtype. "
            f"Received: images.dtype={backend.standardize_dtype(dtype)}"
        )


def _spec_like(images, shape=None, dtype=None):
    return backend.KerasTensor(
        tuple(images.shape) if shape is None else tuple(shape),
        dtype=images.dtype if dtype is None else dtype,
    )


def _run(op, *args):
    """Calls the image op `op` on `args`, symbolically if one is symbolic.

    Args:
        op: The op, built from the function's static arguments.
        *args: Its tensor arguments.

    Returns:
        KerasTensors when an argument is a KerasTensor, else tensors.
    """
    if any_symbolic_tensors(args):
        return op.symbolic_call(*args)
    return op.call(*args)


def _checkable(x):
    """`KerasTensor` of `x`'s shape and dtype, to check a call's inputs.

    Dimensions that are not plain ints (symbolic under `jax.export`)
    become unknown (`None`), so that checking an eager call never fails
    on them.
    """
    shape = tuple(d if isinstance(d, int) else None for d in x.shape)
    return backend.KerasTensor(shape, dtype=x.dtype)


# ------------------------------------------------------- color spaces
def _grayscale_spec(images, data_format):
    _check_images_rank(images.shape)
    _, _, c_axis = _image_axes(images.shape, data_format)
    if images.shape[c_axis] not in (1, 3, None):
        raise ValueError(
            "Invalid channel size: expected 3 (RGB) or 1 (Grayscale). "
            f"Received input with shape: images.shape={images.shape}"
        )
    shape = list(images.shape)
    shape[c_axis] = 1
    return _spec_like(images, shape)


class RGBToGrayscale(Operation):
    def __init__(self, data_format=None, *, name=None):
        super().__init__(name=name)
        self.data_format = backend.standardize_data_format(data_format)

    def compute_output_spec(self, images):
        return _grayscale_spec(images, self.data_format)


@keras_export("keras.ops.image.rgb_to_grayscale")
@dispatch_to(RGBToGrayscale)
def rgb_to_grayscale(images, data_format=None):
    """Converts RGB images to one-channel grayscale.

    The gray level is the luma `0.2989 R + 0.5870 G + 0.1140 B`; images
    that already have one channel are returned unchanged.

    Args:
        images: 3D image or 4D batch with 3 (or 1) channels.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        Images with a single channel and the dtype of `images`.

    Example:

    >>> x = np.ones((2, 4, 4, 3))
    >>> keras.ops.image.rgb_to_grayscale(x).shape
    (2, 4, 4, 1)
    """
    data_format = backend.standardize_data_format(data_format)
    images = backend.convert_to_tensor(images)
    _grayscale_spec(images, data_format)
    return backend.image.rgb_to_grayscale(images, data_format=data_format)


def _hsv_spec(images, data_format):
    _check_images_rank(images.shape)
    _check_float(images.dtype)
    _, _, c_axis = _image_axes(images.shape, data_format)
    channels = images.shape[c_axis]
    if channels is not None and channels != 3:
        raise ValueError(
            "Input images must have 3 channels, but received images with "
            f"{channels} channels. Received: images.shape={images.shape}"
        )
    return _spec_like(images)


class RGBToHSV(Operation):
    def __init__(self, data_format=None, *, name=None):
        super().__init__(name=name)
        self.data_format = backend.standardize_data_format(data_format)

    def compute_output_spec(self, images):
        return _hsv_spec(images, self.data_format)


class HSVToRGB(Operation):
    def __init__(self, data_format=None, *, name=None):
        super().__init__(name=name)
        self.data_format = backend.standardize_data_format(data_format)

    def compute_output_spec(self, images):
        return _hsv_spec(images, self.data_format)


def _checked_hsv_input(images, data_format):
    """`images` as a tensor, checked to be convertible between RGB and HSV."""
    images = backend.convert_to_tensor(images)
    _hsv_spec(images, data_format)
    return images


@keras_export("keras.ops.image.rgb_to_hsv")
@dispatch_to(RGBToHSV)
def rgb_to_hsv(images, data_format=None):
    """Converts float RGB images to HSV (hue, saturation, value).

    All three output channels lie in `[0, 1]` for inputs in `[0, 1]`: the
    hue is the color angle divided by 360 degrees, the value is the
    largest of R, G, B and the saturation their spread relative to it.

    Args:
        images: Float 3D image or 4D batch with 3 channels.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        HSV images, with the shape and dtype of `images`.

    Example:

    >>> red = np.array([[[1.0, 0.0, 0.0]]])
    >>> keras.ops.image.rgb_to_hsv(red)
    Array([[[0., 1., 1.]]], dtype=float32)
    """
    data_format = backend.standardize_data_format(data_format)
    images = _checked_hsv_input(images, data_format)
    return backend.image.rgb_to_hsv(images, data_format=data_format)


@keras_export("keras.ops.image.hsv_to_rgb")
@dispatch_to(HSVToRGB)
def hsv_to_rgb(images, data_format=None):
    """Converts float HSV images back to RGB; the inverse of `rgb_to_hsv`.

    Args:
        images: Float 3D image or 4D batch with 3 channels (hue,
            saturation and value, each in `[0, 1]`).
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        RGB images, with the shape and dtype of `images`.

    Example:

    >>> hsv = np.array([[[1 / 3, 1.0, 0.5]]])  # a dark green
    >>> keras.ops.image.hsv_to_rgb(hsv)
    Array([[[0. , 0.5, 0. ]]], dtype=float32)
    """
    data_format = backend.standardize_data_format(data_format)
    images = _checked_hsv_input(images, data_format)
    return backend.image.hsv_to_rgb(images, data_format=data_format)


# ------------------------------------------------------------ resizing
def _resize_spec(images, size, data_format):
    _check_images_rank(images.shape)
    size = tuple(size)
    if len(size) != 2 or size[0] <= 0 or size[1] <= 0:
        raise ValueError(
            "`size` must have positive height and width, as a tuple "
            f"(height, width). Received: size={size}"
        )
    h_axis, w_axis, _ = _image_axes(images.shape, data_format)
    shape = list(images.shape)
    shape[h_axis], shape[w_axis] = size
    return _spec_like(images, shape)


class Resize(Operation):
    def __init__(
        self,
        size,
        interpolation="bilinear",
        antialias=False,
        crop_to_aspect_ratio=False,
        pad_to_aspect_ratio=False,
        fill_mode="constant",
        fill_value=0.0,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.size = tuple(size)
        self.interpolation = interpolation
        self.antialias = antialias
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.data_format = backend.standardize_data_format(data_format)

    def _options(self):
        return dict(
            interpolation=self.interpolation,
            antialias=self.antialias,
            crop_to_aspect_ratio=self.crop_to_aspect_ratio,
            pad_to_aspect_ratio=self.pad_to_aspect_ratio,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def call(self, images):
        images = backend.convert_to_tensor(images)
        _resize_spec(_checkable(images), self.size, self.data_format)
        return backend.image.resize(images, self.size, **self._options())

    def compute_output_spec(self, images):
        return _resize_spec(images, self.size, self.data_format)


@keras_export("keras.ops.image.resize")
def resize(
    images,
    size,
    interpolation="bilinear",
    antialias=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    fill_mode="constant",
    fill_value=0.0,
    data_format=None,
):
    """Resizes images to `size = (height, width)`.

    Pixel centers are aligned the usual way (half-pixel centers), so
    upsampling by an integer factor with `"nearest"` repeats pixels.
    Integer images are computed in floating point, rounded and clipped
    back to their dtype.

    Args:
        images: 3D `(height, width, channels)` image or 4D batch of them
            (channels first with `data_format="channels_first"`).
        size: Tuple of 2 positive ints, the output height and width.
        interpolation: One of `"bilinear"`, `"nearest"`, `"bicubic"`,
            `"lanczos3"` and `"lanczos5"`. Defaults to `"bilinear"`.
        antialias: Whether to low-pass filter when downsampling, so that
            every input pixel contributes. Defaults to `False`.
        crop_to_aspect_ratio: If `True`, first crop the largest centered
            window with the aspect ratio of `size`, so that the image is
            not distorted.
        pad_to_aspect_ratio: If `True`, first pad the image evenly on both
            sides (with `fill_value`) to the aspect ratio of `size`.
        fill_mode: How padded pixels are filled; only `"constant"` is
            supported.
        fill_value: The value of padded pixels. Defaults to `0.0`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The resized images, with the dtype of `images`.

    Example:

    >>> x = np.random.rand(2, 8, 6, 3)
    >>> keras.ops.image.resize(x, (4, 4)).shape
    (2, 4, 4, 3)
    """
    op = Resize(
        size,
        interpolation=interpolation,
        antialias=antialias,
        crop_to_aspect_ratio=crop_to_aspect_ratio,
        pad_to_aspect_ratio=pad_to_aspect_ratio,
        fill_mode=fill_mode,
        fill_value=fill_value,
        data_format=data_format,
    )
    return _run(op, images)


# ---------------------------------------------------------- patches
def _patch_arguments(size, strides, dilation_rate, rank):
    if isinstance(size, int):
        size = (size,) * rank
    elif not isinstance(size, (tuple, list)):
        raise TypeError(
            "Expected an int or a tuple of ints for `size`. "
            f"Received: size={size!r}"
        )
    size = tuple(size)
    strides = size if strides is None else strides
    strides = standardize_tuple(strides, rank, "strides")
    dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
    return size, strides, dilation_rate


def _patches_spec(images, size, strides, dilation_rate, padding, data_format):
    rank = len(size)
    shape = list(images.shape)
    if len(shape) not in (rank + 1, rank + 2):
        raise ValueError(
            f"Patches of rank {rank} need a rank {rank + 1} input (single "
            f"image) or rank {rank + 2} (batch). Received: "
            f"images.shape={tuple(shape)}"
        )
    offset = len(shape) - rank - 1
    if data_format == "channels_last":
        spatial = list(range(offset, offset + rank))
        c_axis = offset + rank
    else:
        spatial = list(range(offset + 1, offset + 1 + rank))
        c_axis = offset
    for axis, k, s, d in zip(spatial, size, strides, dilation_rate):
        n = shape[axis]
        if n is None:
            continue
        if padding.lower() == "same":
            shape[axis] = ceil_div(n, s)
        else:
            shape[axis] = (n - d * (k - 1) - 1) // s + 1
    channels = shape[c_axis]
    volume = 1
    for k in size:
        volume *= k
    shape[c_axis] = None if channels is None else channels * volume
    return _spec_like(images, shape)


class ExtractPatches(Operation):
    def __init__(
        self,
        size,
        strides=None,
        dilation_rate=1,
        padding="valid",
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        if isinstance(size, (tuple, list)) and len(size) not in (2, 3):
            raise ValueError(
                "Invalid `size` argument. Expected a tuple of length 2 or 3 "
                f"(2D or 3D patches). Received: size={size}"
            )
        self.size = size
        self.strides = strides
        self.dilation_rate = dilation_rate
        self.padding = padding
        self.data_format = backend.standardize_data_format(data_format)

    def _arguments(self):
        rank = (
            3
            if isinstance(self.size, (tuple, list)) and (len(self.size) == 3)
            else 2
        )
        return _patch_arguments(
            self.size, self.strides, self.dilation_rate, rank
        )

    def call(self, images):
        size, strides, dilation_rate = self._arguments()
        images = backend.convert_to_tensor(images)
        _patches_spec(
            _checkable(images),
            size,
            strides,
            dilation_rate,
            self.padding,
            self.data_format,
        )
        fn = (
            backend.image.extract_patches_3d
            if len(size) == 3
            else backend.image.extract_patches
        )
        return fn(
            images,
            size,
            strides=strides,
            dilation_rate=dilation_rate,
            padding=self.padding,
            data_format=self.data_format,
        )

    def compute_output_spec(self, images):
        size, strides, dilation_rate = self._arguments()
        return _patches_spec(
            images,
            size,
            strides,
            dilation_rate,
            self.padding,
            self.data_format,
        )


@keras_export("keras.ops.image.extract_patches")
def extract_patches(
    images,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    """Extracts patches of images (or volumes) into the channel axis.

    Each output position holds one `size[0] x size[1]` patch, flattened
    row by row with the channels of each pixel kept together, so the
    output has `size[0] * size[1] * channels` channels. With a `size` of
    3 ints the input is a volume and this is `extract_patches_3d`.

    Args:
        images: 3D image or 4D batch of images (4D/5D for 3D patches).
        size: Int or tuple of 2 (or 3) ints, the patch size.
        strides: Int or tuple of ints, the step between patch origins.
            Defaults to `size` (non-overlapping patches).
        dilation_rate: Int or tuple of ints, the spacing between the
            sampled pixels of a patch. Defaults to `1`.
        padding: `"valid"` (only patches inside the image) or `"same"`
            (zero padding, `ceil(size / strides)` patches per axis).
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The patches, with the dtype of `images`.

    Example:

    >>> x = np.random.rand(1, 8, 8, 3)
    >>> keras.ops.image.extract_patches(x, 4).shape
    (1, 2, 2, 48)
    """
    op = ExtractPatches(
        size,
        strides=strides,
        dilation_rate=dilation_rate,
        padding=padding,
        data_format=data_format,
    )
    return _run(op, images)


class ExtractPatches3D(ExtractPatches):
    def _arguments(self):
        return _patch_arguments(self.size, self.strides, self.dilation_rate, 3)


@keras_export("keras.ops.image.extract_patches_3d")
def extract_patches_3d(
    volumes,
    size,
    strides=None,
    dilation_rate=1,
    padding="valid",
    data_format=None,
):
    """Extracts 3D patches of volumes into the channel axis.

    Each patch of `size = (depth, height, width)` voxels is flattened
    depth-major, with the channels of each voxel kept together.

    Args:
        volumes: 4D volume `(depth, height, width, channels)` or 5D batch
            (channels first with `data_format="channels_first"`).
        size: Int or tuple of 3 ints, the patch size.
        strides: Int or tuple of 3 ints; defaults to `size`.
        dilation_rate: Int or tuple of 3 ints. Defaults to `1`.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The patches, with the dtype of `volumes`.

    Example:

    >>> v = np.zeros((1, 6, 6, 6, 2))
    >>> keras.ops.image.extract_patches_3d(v, 3).shape
    (1, 2, 2, 2, 54)
    """
    if isinstance(size, (tuple, list)) and len(size) != 3:
        raise TypeError(
            "Expected an int or a tuple of 3 ints for `size`. "
            f"Received: size={size}"
        )
    op = ExtractPatches3D(
        size,
        strides=strides,
        dilation_rate=dilation_rate,
        padding=padding,
        data_format=data_format,
    )
    return _run(op, volumes)


# ------------------------------------------------ patches, reversed
_AXIS_NAMES = {2: ("height", "width"), 3: ("depth", "height", "width")}


def _reconstruct_arguments(size, output_size, strides, padding):
    """Checks the static arguments of `reconstruct_patches`; returns
    `(size, output_size, strides)` as tuples of ints."""
    if isinstance(size, int) and not isinstance(size, bool):
        size = (size, size)
    elif isinstance(size, (tuple, list)):
        if len(size) not in (2, 3):
            raise ValueError(
                "Invalid `size`: expected length 2 or 3 (2D or 3D patches). "
                f"Received: size={tuple(size)}, of length {len(size)}"
            )
        size = tuple(size)
    else:
        raise TypeError(
            "Invalid `size`: expected an int or a tuple of 2 or 3 ints. "
            f"Received: size={size!r} of type {type(size).__name__}"
        )
    for k in size:
        if not isinstance(k, int) or isinstance(k, bool) or k <= 0:
            raise ValueError(
                f"Invalid `size`: every entry must be a positive int. "
                f"Received: size={size}"
            )
    rank = len(size)
    if not isinstance(output_size, (tuple, list)):
        raise TypeError(
            "Invalid `output_size`: expected a tuple or list of ints. "
            f"Received: output_size={output_size!r} of type "
            f"{type(output_size).__name__}"
        )
    if len(output_size) != rank:
        axes = ", ".join(name[0].upper() for name in _AXIS_NAMES[rank])
        raise ValueError(
            f"Invalid `output_size` for {rank}D patches: expected length "
            f"{rank} ({axes}). Received: output_size={tuple(output_size)}"
        )
    output_size = tuple(
        int(d) if isinstance(d, float) and d.is_integer() else d
        for d in output_size
    )
    for d in output_size:
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise ValueError(
                "Invalid `output_size`: every entry must be an int >= 0. "
                f"Received: output_size={output_size}"
            )
    if padding not in ("same", "valid"):
        raise ValueError(
            f"Invalid `padding`: expected 'same' or 'valid'. Received: "
            f"padding={padding!r}"
        )
    if strides is None:
        strides = size
    elif isinstance(strides, int) and not isinstance(strides, bool):
        strides = (strides,) * rank
    else:
        strides = tuple(strides)
    if strides != size:
        raise NotImplementedError(
            "`reconstruct_patches` only reverses non-overlapping patches, "
            "taken with `strides` equal to `size`. Received: "
            f"strides={strides}, size={size}"
        )
    return size, output_size, strides


def _reconstruct_spec(patches, size, output_size, padding, data_format):
    """Checks the shape of `patches` against the arguments; returns the
    reconstructed images as a `KerasTensor`."""
    rank = len(size)
    shape = tuple(patches.shape)
    if len(shape) not in (rank + 1, rank + 2):
        layout = " channels_first" if data_format == "channels_first" else ""
        raise ValueError(
            f"`patches` has an unexpected rank for {rank}D{layout} "
            f"reconstruction: expected {rank + 1} (unbatched) or "
            f"{rank + 2} (batched). Received: patches.shape={shape}"
        )
    batch = shape[: -rank - 1]
    if data_format == "channels_last":
        grid, flat = shape[-rank - 1 : -1], shape[-1]
    else:
        flat, grid = shape[-rank - 1], shape[-rank:]
    volume = 1
    for k in size:
        volume *= k
    if flat is not None and flat % volume:
        raise ValueError(
            f"The patch axis of `patches` ({flat}) is not divisible by the "
            f"number of pixels of a patch, prod(size) = {volume}. Received: "
            f"patches.shape={shape}, size={size}"
        )
    channels = None if flat is None else flat // volume
    for g, k, out, name in zip(grid, size, output_size, _AXIS_NAMES[rank]):
        if g is None:
            continue
        if padding == "valid" and g * k != out:
            raise ValueError(
                "With `padding='valid'` the output must be tiled exactly: "
                "output_size must equal size * grid on every axis. "
                f"Received: output_size={output_size}, size={size}, "
                f"grid={tuple(grid)}"
            )
        if padding == "same" and not (g - 1) * k < out <= g * k:
            raise ValueError(
                f"With `padding='same'`, the output {name} must be more "
                f"than (grid - 1) * size and at most grid * size, i.e. in "
                f"({(g - 1) * k}, {g * k}] for a grid of {g} patches of "
                f"{k}. Received: output_size={output_size}"
            )
    if data_format == "channels_last":
        out_shape = batch + output_size + (channels,)
    else:
        out_shape = batch + (channels,) + output_size
    return _spec_like(patches, out_shape)


class ReconstructPatches(Operation):
    def __init__(
        self,
        size,
        output_size,
        strides=None,
        padding="valid",
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.size, self.output_size, self.strides = _reconstruct_arguments(
            size, output_size, strides, padding
        )
        self.padding = padding
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, patches):
        patches = backend.convert_to_tensor(patches)
        _reconstruct_spec(
            _checkable(patches),
            self.size,
            self.output_size,
            self.padding,
            self.data_format,
        )
        return backend.image.reconstruct_patches(
            patches,
            self.size,
            self.output_size,
            strides=self.strides,
            padding=self.padding,
            data_format=self.data_format,
        )

    def compute_output_spec(self, patches):
        return _reconstruct_spec(
            patches,
            self.size,
            self.output_size,
            self.padding,
            self.data_format,
        )

    def get_config(self):
        return {
            "name": self.name,
            "size": self.size,
            "output_size": self.output_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
        }


@keras_export("keras.ops.image.reconstruct_patches")
def reconstruct_patches(
    patches,
    size,
    output_size,
    strides=None,
    padding="valid",
    data_format=None,
):
    """Puts images (or volumes) back together from their patches.

    The inverse of `extract_patches` (and `extract_patches_3d`) for
    non-overlapping patches: each patch, flattened in the channel axis as
    `extract_patches` lays it out, is unfolded and tiled into place. With
    `padding="same"` the tiling covers a little more than `output_size`,
    and the zero border that `extract_patches` added is cut off again.

    Args:
        patches: Patches of shape `(batch, grid_h, grid_w, ph * pw * c)`,
            or without the batch axis; for 3D patches, one more grid axis
            and `pd * ph * pw * c` values per patch. With
            `data_format="channels_first"` the patch axis comes first
            (after the batch axis).
        size: Int or tuple of 2 (or 3) ints, the patch size. A tuple of 3
            ints means 3D patches.
        output_size: Tuple of 2 (or 3) ints, the spatial size of the
            result. With `"valid"` padding it must equal `grid * size`;
            with `"same"` it must lie in `((grid - 1) * size, grid * size]`.
        strides: The strides the patches were taken with. Only `None` or
            a value equal to `size` (non-overlapping patches) is supported.
        padding: `"valid"` or `"same"`, as given to `extract_patches`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The images (or volumes), with the dtype of `patches`.

    Example:

    >>> x = np.random.rand(1, 8, 8, 3)
    >>> patches = keras.ops.image.extract_patches(x, 4)
    >>> keras.ops.image.reconstruct_patches(patches, 4, (8, 8)).shape
    (1, 8, 8, 3)
    """
    op = ReconstructPatches(
        size,
        output_size,
        strides=strides,
        padding=padding,
        data_format=data_format,
    )
    return _run(op, patches)


# ---------------------------------------------------- pad and crop
def _resolve_margins(size, before, after, target, names):
    """Two of `before`/`after`/`target` given: the three as ints (the
    unknowable ones `None` when `size` is unknown)."""
    before_name, after_name, target_name = names
    if [before, after, target].count(None) != 1:
        raise ValueError(
            f"Must specify exactly two of {before_name}, {after_name}, "
            f"{target_name}. Received: {before_name}={before}, "
            f"{after_name}={after}, {target_name}={target}"
        )
    for value, name in ((before, before_name), (after, after_name)):
        if value is not None and value < 0:
            raise ValueError(f"{name} must be >= 0. Received: {name}={value}")
    if target is not None and target < 0:
        raise ValueError(
            f"{target_name} must be >= 0. Received: {target_name}={target}"
        )
    return before, after, target


def _pad_plan(shape, args, data_format):
    top, left, bottom, right, target_h, target_w = args
    h_axis, w_axis, _ = _image_axes(shape, data_format)
    plan = []
    for axis, before, after, target, names in (
        (
            h_axis,
            top,
            bottom,
            target_h,
            ("top_padding", "bottom_padding", "target_height"),
        ),
        (
            w_axis,
            left,
            right,
            target_w,
            ("left_padding", "right_padding", "target_width"),
        ),
    ):
        before, after, target = _resolve_margins(
            shape[axis], before, after, target, names
        )
        size = shape[axis]
        if size is not None:
            if before is None:
                before = target - size - after
            elif after is None:
                after = target - size - before
            target = size + before + after
            for value, name in ((before, names[0]), (after, names[1])):
                if value < 0:
                    raise ValueError(
                        f"{name} must be >= 0; the image size {size} along "
                        f"this axis does not fit in {names[2]}={target}."
                    )
        elif target is None and None not in (before, after):
            target = None
        plan.append((axis, before, after, target))
    return plan


def _pad_images(
    images,
    top_padding,
    left_padding,
    bottom_padding,
    right_padding,
    target_height,
    target_width,
    data_format,
):
    """`pad_images` on concrete images, written with backend-independent
    ops (zero padding planned by `_pad_plan`)."""
    images = backend.convert_to_tensor(images)
    margins = (
        top_padding,
        left_padding,
        bottom_padding,
        right_padding,
        target_height,
        target_width,
    )
    pad_width = [(0, 0)] * images.ndim
    for axis, before, after, _ in _pad_plan(images.shape, margins, data_format):
        pad_width[axis] = (before, after)
    return backend.numpy.pad(images, pad_width)


class PadImages(Operation):
    def __init__(
        self,
        top_padding=None,
        left_padding=None,
        bottom_padding=None,
        right_padding=None,
        target_height=None,
        target_width=None,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.top_padding = top_padding
        self.left_padding = left_padding
        self.bottom_padding = bottom_padding
        self.right_padding = right_padding
        self.target_height = target_height
        self.target_width = target_width
        self.data_format = backend.standardize_data_format(data_format)

    def _args(self):
        return (
            self.top_padding,
            self.left_padding,
            self.bottom_padding,
            self.right_padding,
            self.target_height,
            self.target_width,
        )

    def call(self, images):
        return _pad_images(images, *self._args(), self.data_format)

    def compute_output_spec(self, images):
        plan = _pad_plan(images.shape, self._args(), self.data_format)
        shape = list(images.shape)
        for axis, _, _, target in plan:
            shape[axis] = target
        return _spec_like(images, shape)


@keras_export("keras.ops.image.pad_images")
def pad_images(
    images,
    top_padding=None,
    left_padding=None,
    bottom_padding=None,
    right_padding=None,
    target_height=None,
    target_width=None,
    data_format=None,
):
    """Pads images with zeros to a given size.

    Along each of height and width give exactly two of: the padding
    before, the padding after and the total (target) size.

    Args:
        images: 3D image or 4D batch of images.
        top_padding: Rows of zeros added above.
        left_padding: Columns of zeros added on the left.
        bottom_padding: Rows of zeros added below.
        right_padding: Columns of zeros added on the right.
        target_height: Height of the result.
        target_width: Width of the result.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The padded images.

    Example:

    >>> x = np.ones((2, 3, 3, 1))
    >>> y = keras.ops.image.pad_images(x, 1, 0, target_height=6, target_width=4)
    >>> y.shape
    (2, 6, 4, 1)
    """
    op = PadImages(
        top_padding,
        left_padding,
        bottom_padding,
        right_padding,
        target_height,
        target_width,
        data_format,
    )
    return _run(op, images)


def _crop_plan(shape, args, data_format):
    top, left, bottom, right, target_h, target_w = args
    h_axis, w_axis, _ = _image_axes(shape, data_format)
    plan = []
    for axis, before, after, target, names, label in (
        (
            h_axis,
            top,
            bottom,
            target_h,
            ("top_cropping", "bottom_cropping", "target_height"),
            "height",
        ),
        (
            w_axis,
            left,
            right,
            target_w,
            ("left_cropping", "right_cropping", "target_width"),
            "width",
        ),
    ):
        before, after, target = _resolve_margins(
            shape[axis], before, after, target, names
        )
        size = shape[axis]
        if size is None:
            if before is None or target is None:
                raise ValueError(
                    f"When the {label} of the images is unknown, "
                    f"`{names[0]}` and `{names[2]}` must be given. "
                    f"Received: {names[0]}={before}, {names[2]}={target}"
                )
        else:
            if before is None:
                before = size - target - after
            elif target is None:
                target = size - before - after
            after = size - before - target
            for value, name in ((before, names[0]), (after, names[1])):
                if value < 0:
                    raise ValueError(
                        f"{name} must be >= 0; the crop does not fit in the "
                        f"image size {size}. Received: {names[2]}={target}"
                    )
        plan.append((axis, before, target))
    return plan


def _crop_images(
    images,
    top_cropping,
    left_cropping,
    bottom_cropping,
    right_cropping,
    target_height,
    target_width,
    data_format,
):
    """`crop_images` on concrete images, written with backend-independent
    ops (a slice planned by `_crop_plan`)."""
    images = backend.convert_to_tensor(images)
    margins = (
        top_cropping,
        left_cropping,
        bottom_cropping,
        right_cropping,
        target_height,
        target_width,
    )
    index = [slice(None)] * images.ndim
    for axis, start, length in _crop_plan(images.shape, margins, data_format):
        index[axis] = slice(start, start + length)
    return images[tuple(index)]


class CropImages(Operation):
    def __init__(
        self,
        top_cropping=None,
        left_cropping=None,
        bottom_cropping=None,
        right_cropping=None,
        target_height=None,
        target_width=None,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.top_cropping = top_cropping
        self.left_cropping = left_cropping
        self.bottom_cropping = bottom_cropping
        self.right_cropping = right_cropping
        self.target_height = target_height
        self.target_width = target_width
        self.data_format = backend.standardize_data_format(data_format)

    def _args(self):
        return (
            self.top_cropping,
            self.left_cropping,
            self.bottom_cropping,
            self.right_cropping,
            self.target_height,
            self.target_width,
        )

    def call(self, images):
        return _crop_images(images, *self._args(), self.data_format)

    def compute_output_spec(self, images):
        plan = _crop_plan(images.shape, self._args(), self.data_format)
        shape = list(images.shape)
        for axis, _, length in plan:
            shape[axis] = length
        return _spec_like(images, shape)


@keras_export("keras.ops.image.crop_images")
def crop_images(
    images,
    top_cropping=None,
    left_cropping=None,
    bottom_cropping=None,
    right_cropping=None,
    target_height=None,
    target_width=None,
    data_format=None,
):
    """Crops a rectangular window out of images.

    Along each of height and width give exactly two of: the amount cut
    before, the amount cut after and the size kept (target).

    Args:
        images: 3D image or 4D batch of images.
        top_cropping: Rows removed at the top.
        left_cropping: Columns removed on the left.
        bottom_cropping: Rows removed at the bottom.
        right_cropping: Columns removed on the right.
        target_height: Height of the result.
        target_width: Width of the result.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The cropped images.

    Example:

    >>> x = np.ones((6, 8, 3))
    >>> y = keras.ops.image.crop_images(
    ...     x, 1, 2, target_height=4, target_width=3
    ... )
    >>> y.shape
    (4, 3, 3)
    """
    op = CropImages(
        top_cropping,
        left_cropping,
        bottom_cropping,
        right_cropping,
        target_height,
        target_width,
        data_format,
    )
    return _run(op, images)


# ------------------------------------------------------ resampling
def _check_transform(transform):
    if len(transform.shape) not in (1, 2):
        raise ValueError(
            "Invalid transform rank: expected rank 1 (single transform) or "
            "rank 2 (batch of transforms). Received input with shape: "
            f"transform.shape={tuple(transform.shape)}"
        )


class AffineTransform(Operation):
    def __init__(
        self,
        interpolation="bilinear",
        fill_mode="constant",
        fill_value=0,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.interpolation = interpolation
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, images, transform):
        images = backend.convert_to_tensor(images)
        transform = backend.convert_to_tensor(transform)
        self.compute_output_spec(_checkable(images), _checkable(transform))
        return backend.image.affine_transform(
            images,
            transform,
            interpolation=self.interpolation,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def compute_output_spec(self, images, transform):
        _check_images_rank(images.shape)
        _check_transform(transform)
        return _spec_like(images)


@keras_export("keras.ops.image.affine_transform")
def affine_transform(
    images,
    transform,
    interpolation="bilinear",
    fill_mode="constant",
    fill_value=0,
    data_format=None,
):
    """Resamples images through projective transforms of the plane.

    A transform `[a0, a1, a2, b0, b1, b2, c0, c1]` maps each *output*
    pixel `(x, y)` to the *input* point
    `((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)` with
    `k = c0 x + c1 y + 1`, and the output pixel takes the (interpolated)
    input value there. With `c0 = c1 = 0` the transform is affine.

    Args:
        images: 3D image or 4D batch of images.
        transform: Vector of 8 floats, or a `(batch, 8)` matrix with one
            transform per image.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_mode: How points outside the input are filled:
            `"constant"` (with `fill_value`), `"nearest"` (edge pixel),
            `"wrap"` (tiling), `"mirror"` (reflection about the edge
            pixel centers) or `"reflect"` (about the image border).
        fill_value: Value for `fill_mode="constant"`. Defaults to `0`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The transformed images, with the shape and dtype of `images`.

    Example:

    >>> x = np.arange(16.0).reshape(4, 4, 1)
    >>> shift_right = [1, 0, -1, 0, 1, 0, 0, 0]  # reads pixel x - 1
    >>> keras.ops.image.affine_transform(x, shift_right)[0, :, 0]
    Array([0., 0., 1., 2.], dtype=float32)
    """
    op = AffineTransform(interpolation, fill_mode, fill_value, data_format)
    return _run(op, images, transform)


def _check_points(points, name):
    shape = tuple(points.shape)
    if len(shape) not in (2, 3) or shape[-2:] != (4, 2):
        raise ValueError(
            f"Invalid {name} shape: expected (4, 2) for a single image or "
            f"(N, 4, 2) for a batch. Received: {name}.shape={shape}"
        )


class PerspectiveTransform(Operation):
    def __init__(
        self,
        interpolation="bilinear",
        fill_value=0,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, images, start_points, end_points):
        images = backend.convert_to_tensor(images)
        start_points = backend.convert_to_tensor(start_points)
        end_points = backend.convert_to_tensor(end_points)
        self.compute_output_spec(
            _checkable(images),
            _checkable(start_points),
            _checkable(end_points),
        )
        return backend.image.perspective_transform(
            images,
            start_points,
            end_points,
            interpolation=self.interpolation,
            fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def compute_output_spec(self, images, start_points, end_points):
        _check_images_rank(images.shape)
        _check_points(start_points, "start_points")
        _check_points(end_points, "end_points")
        return _spec_like(images)


@keras_export("keras.ops.image.perspective_transform")
def perspective_transform(
    images,
    start_points,
    end_points,
    interpolation="bilinear",
    fill_value=0,
    data_format=None,
):
    """Warps images so that 4 given points move to 4 new positions.

    The projective transform sending each `start_points[i]` to
    `end_points[i]` is solved for, and the output is the input resampled
    through it; uncovered pixels take `fill_value`.

    Args:
        images: 3D image or 4D batch of images.
        start_points: `(4, 2)` (or `(batch, 4, 2)`) `(x, y)` corners in
            the input.
        end_points: Where those corners go, in the same layout.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_value: Value of pixels mapped from outside the input.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The warped images, with the shape and dtype of `images`.

    Example:

    >>> x = np.random.rand(8, 8, 3)
    >>> corners = np.array([[0, 0], [7, 0], [0, 7], [7, 7]], "float32")
    >>> out = keras.ops.image.perspective_transform(x, corners, corners)
    >>> bool(np.allclose(out, x, atol=1e-4))  # identical corners: no change
    True
    """
    op = PerspectiveTransform(interpolation, fill_value, data_format)
    return _run(op, images, start_points, end_points)


def _map_coordinates_spec(inputs, coordinates):
    if len(coordinates.shape) < 2:
        raise ValueError(
            "Invalid coordinates rank: expected at least rank 2. Received "
            f"input with shape: coordinates.shape={tuple(coordinates.shape)}"
        )
    if coordinates.shape[0] != len(inputs.shape):
        raise ValueError(
            "First dim of `coordinates` must be the same as the rank of "
            f"`inputs`. Received inputs with shape: {tuple(inputs.shape)} "
            f"and coordinates with leading dim: {coordinates.shape[0]}"
        )
    return backend.KerasTensor(tuple(coordinates.shape[1:]), dtype=inputs.dtype)


class MapCoordinates(Operation):
    def __init__(self, order, fill_mode="constant", fill_value=0, *, name=None):
        super().__init__(name=name)
        self.order = order
        self.fill_mode = fill_mode
        self.fill_value = fill_value

    def call(self, inputs, coordinates):
        inputs = backend.convert_to_tensor(inputs)
        coordinates = backend.convert_to_tensor(coordinates)
        _map_coordinates_spec(_checkable(inputs), _checkable(coordinates))
        return backend.image.map_coordinates(
            inputs,
            coordinates,
            self.order,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
        )

    def compute_output_spec(self, inputs, coordinates):
        return _map_coordinates_spec(inputs, coordinates)


@keras_export("keras.ops.image.map_coordinates")
def map_coordinates(
    inputs, coordinates, order, fill_mode="constant", fill_value=0
):
    """Samples an array at arbitrary (fractional) coordinates.

    `coordinates[i]` holds the position along axis `i` of `inputs` for
    every output entry, so the output has shape `coordinates.shape[1:]`.

    Args:
        inputs: N-D array to sample from.
        coordinates: Array (or list of N arrays) of shape `(N, ...)`.
        order: `0` (nearest neighbor) or `1` (linear interpolation).
        fill_mode: Handling of positions outside `inputs`: `"constant"`,
            `"nearest"`, `"wrap"`, `"mirror"` or `"reflect"`.
        fill_value: Value for `fill_mode="constant"`. Defaults to `0`.

    Returns:
        The sampled values, with the dtype of `inputs`.

    Example:

    >>> x = np.array([[0.0, 10.0], [20.0, 30.0]])
    >>> keras.ops.image.map_coordinates(x, [[0.5], [0.5]], order=1)
    Array([15.], dtype=float32)
    """
    if isinstance(coordinates, (list, tuple)):
        from keras.src.ops import numpy as knp

        coordinates = knp.stack(coordinates)
    op = MapCoordinates(order, fill_mode, fill_value)
    return _run(op, inputs, coordinates)


class ScaleAndTranslate(Operation):
    def __init__(self, spatial_dims, method, antialias=True, *, name=None):
        super().__init__(name=name)
        self.spatial_dims = tuple(spatial_dims)
        self.method = method
        self.antialias = antialias

    def call(self, images, output_shape, scale, translation):
        return backend.image.scale_and_translate(
            images,
            output_shape,
            scale,
            translation,
            self.spatial_dims,
            self.method,
            self.antialias,
        )

    def compute_output_spec(self, images, output_shape, scale, translation):
        return _spec_like(images, output_shape)


@keras_export("keras.ops.image.scale_and_translate")
def scale_and_translate(
    images,
    output_shape,
    scale,
    translation,
    spatial_dims,
    method,
    antialias=True,
):
    """Resamples an array with a per-axis scale and offset.

    Along each axis of `spatial_dims`, output position `p` reads the
    input at `(p + 0.5 - translation) / scale - 0.5`, filtered with the
    kernel of `method`.

    Args:
        images: Array to resample.
        output_shape: Shape of the result.
        scale: One scale factor per spatial dim.
        translation: One offset (in output pixels) per spatial dim.
        spatial_dims: The axes that are resampled.
        method: `"linear"`, `"bilinear"`, `"trilinear"`, `"triangle"`,
            `"cubic"`, `"bicubic"`, `"tricubic"`, `"keyscubic"`,
            `"lanczos3"` or `"lanczos5"`.
        antialias: Whether to widen the kernel when downsampling.
            Defaults to `True`.

    Returns:
        The resampled array, with the dtype of `images`.

    Example:

    >>> x = np.ones((4, 4, 1))
    >>> keras.ops.image.scale_and_translate(
    ...     x, (8, 8, 1), [2.0, 2.0], [0.0, 0.0], (0, 1), "linear"
    ... ).shape
    (8, 8, 1)
    """
    op = ScaleAndTranslate(spatial_dims, method, antialias)
    return _run(op, images, output_shape, scale, translation)


# -------------------------------------------------------- filtering
class GaussianBlur(Operation):
    def __init__(
        self,
        kernel_size=(3, 3),
        sigma=(1.0, 1.0),
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.kernel_size = kernel_size
        self.sigma = sigma
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, images):
        images = backend.convert_to_tensor(images)
        _check_images_rank(images.shape)
        return backend.image.gaussian_blur(
            images,
            kernel_size=self.kernel_size,
            sigma=self.sigma,
            data_format=self.data_format,
        )

    def compute_output_spec(self, images):
        _check_images_rank(images.shape)
        return _spec_like(images)


@keras_export("keras.ops.image.gaussian_blur")
def gaussian_blur(
    images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None
):
    """Blurs images with a Gaussian kernel (zero padding at the border).

    Args:
        images: 3D image or 4D batch of images.
        kernel_size: Tuple of 2 ints, the kernel size along x (width) and
            y (height). Defaults to `(3, 3)`.
        sigma: Tuple of 2 floats, the standard deviations along x and y.
            Defaults to `(1.0, 1.0)`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The blurred images, with the shape and dtype of `images`.

    Example:

    >>> x = np.zeros((5, 5, 1)); x[2, 2] = 1.0
    >>> y = keras.ops.image.gaussian_blur(x, (3, 3), (1.0, 1.0))
    >>> round(float(y.sum()), 4)  # the impulse is spread, not lost
    1.0
    """
    if any_symbolic_tensors((images, kernel_size, sigma)):
        return GaussianBlur(data_format=data_format).symbolic_call(images)
    return GaussianBlur(kernel_size, sigma, data_format).call(images)


class ElasticTransform(Operation):
    def __init__(
        self,
        alpha=20.0,
        sigma=5.0,
        interpolation="bilinear",
        fill_mode="reflect",
        fill_value=0.0,
        seed=None,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.alpha = alpha
        self.sigma = sigma
        self.interpolation = interpolation
        self.fill_mode = fill_mode
        self.fill_value = fill_value
        self.seed = seed
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, images):
        images = backend.convert_to_tensor(images)
        _check_images_rank(images.shape)
        return backend.image.elastic_transform(
            images,
            alpha=self.alpha,
            sigma=self.sigma,
            interpolation=self.interpolation,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            seed=self.seed,
            data_format=self.data_format,
        )

    def compute_output_spec(self, images):
        _check_images_rank(images.shape)
        return _spec_like(images)


@keras_export("keras.ops.image.elastic_transform")
def elastic_transform(
    images,
    alpha=20.0,
    sigma=5.0,
    interpolation="bilinear",
    fill_mode="reflect",
    fill_value=0.0,
    seed=None,
    data_format=None,
):
    """Distorts images with a smooth random displacement field.

    Standard-normal noise (times `sigma`) is drawn per pixel for x and
    y, smoothed with a Gaussian of standard deviation `sigma`, scaled by
    `alpha`, and each output pixel reads the input at its displaced
    position.

    Args:
        images: 3D image or 4D batch of images.
        alpha: Strength of the displacement. Defaults to `20.0`.
        sigma: Smoothness of the field (Gaussian standard deviation).
            Defaults to `5.0`.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_mode: Handling of points outside the image, as for
            `affine_transform`. Defaults to `"reflect"`.
        fill_value: Value for `fill_mode="constant"`.
        seed: Int or `keras.random.SeedGenerator` for the noise.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        The distorted images, with the shape and dtype of `images`.

    Example:

    >>> x = np.random.rand(16, 16, 3)
    >>> keras.ops.image.elastic_transform(x, seed=1).shape
    (16, 16, 3)
    """
    op = ElasticTransform(
        alpha, sigma, interpolation, fill_mode, fill_value, seed, data_format
    )
    return _run(op, images)


class SSIM(Operation):
    def __init__(
        self,
        max_val=1.0,
        filter_size=11,
        filter_sigma=1.5,
        k1=0.01,
        k2=0.03,
        data_format=None,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.max_val = max_val
        self.filter_size = filter_size
        self.filter_sigma = filter_sigma
        self.k1 = k1
        self.k2 = k2
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, image1, image2):
        return backend.image.ssim(
            image1,
            image2,
            self.max_val,
            filter_size=self.filter_size,
            filter_sigma=self.filter_sigma,
            k1=self.k1,
            k2=self.k2,
            data_format=self.data_format,
        )

    def compute_output_spec(self, image1, image2):
        _check_images_rank(image1.shape)
        shape = () if len(image1.shape) == 3 else (image1.shape[0],)
        return backend.KerasTensor(shape, dtype=backend.floatx())


@keras_export("keras.ops.image.ssim")
def ssim(
    image1,
    image2,
    max_val=1.0,
    filter_size=11,
    filter_sigma=1.5,
    k1=0.01,
    k2=0.03,
    data_format=None,
):
    """Structural similarity (SSIM) between two images or batches.

    Local means, variances and covariance are taken under a Gaussian
    window (valid positions only); SSIM combines them into a similarity
    per position, averaged over positions and channels. Identical
    images score 1.

    Args:
        image1: 3D image or 4D batch.
        image2: Images of the same shape.
        max_val: Dynamic range of the pixel values (e.g. `255.0` for
            8-bit images). Defaults to `1.0`.
        filter_size: Size of the Gaussian window. Defaults to `11`.
        filter_sigma: Its standard deviation. Defaults to `1.5`.
        k1: Stabilizer of the luminance term. Defaults to `0.01`.
        k2: Stabilizer of the contrast term. Defaults to `0.03`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        A scalar for single images, or one value per image of a batch.

    Example:

    >>> x = np.random.rand(16, 16, 3).astype("float32")
    >>> round(float(keras.ops.image.ssim(x, x, max_val=1.0)), 4)
    1.0
    """
    op = SSIM(max_val, filter_size, filter_sigma, k1, k2, data_format)
    return _run(op, image1, image2)


class SobelEdges(Operation):
    def __init__(self, data_format=None, *, name=None):
        super().__init__(name=name)
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, images):
        return backend.image.sobel_edges(images, data_format=self.data_format)

    def compute_output_spec(self, images):
        return _spec_like(images, tuple(images.shape) + (2,))


@keras_export("keras.ops.image.sobel_edges")
def sobel_edges(images, data_format=None):
    """Sobel gradients of a batch of images.

    Each channel is filtered with the 3x3 Sobel kernels (reflecting the
    border), giving the vertical gradient `dy` and the horizontal one
    `dx`, stacked on a new last axis.

    Args:
        images: 4D batch of images.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.

    Returns:
        Tensor of shape `images.shape + (2,)`: `[..., 0]` is `dy` and
        `[..., 1]` is `dx`.

    Example:

    >>> x = np.zeros((1, 4, 4, 1)); x[0, :, 2:] = 1.0
    >>> keras.ops.image.sobel_edges(x, data_format="channels_last").shape
    (1, 4, 4, 1, 2)
    """
    op = SobelEdges(data_format)
    return _run(op, images)
