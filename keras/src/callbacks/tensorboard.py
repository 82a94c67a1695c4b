"""`TensorBoard`: writes training logs as TensorBoard event files."""

import contextlib
import os
import sys
import time
import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.distribution import distribution_lib


@keras_export("keras.callbacks.TensorBoard")
class TensorBoard(Callback):
    """Records losses, metrics and weights for viewing in TensorBoard.

    Event files go to `log_dir/train` (training results) and
    `log_dir/validation` (results of the validation runs of `fit()` and of
    `evaluate()`); point TensorBoard at `log_dir`:
    `tensorboard --logdir=path/to/log_dir`.

    What is written:
    - at the end of each epoch, every logged value as a scalar tagged
      `epoch_<name>` (validation values `val_<name>` go to the validation
      folder as `epoch_<name>`, next to the training curve of the same
      name), and the optimizer's learning rate as `epoch_learning_rate`,
      with the epoch as the step;
    - with `update_freq="batch"` or an int `N`, the training values every
      `N` batches as `batch_<name>`, with the global batch count as the
      step; after each validation run (and each `evaluate()`),
      `evaluation_<name>_vs_iterations` in the validation folder, with the
      optimizer's iteration count as the step;
    - with `update_freq="batch"` or an int `N`, summaries that the model
      itself writes with `tf.summary` while it runs eagerly (e.g.
      `compile(..., jit_compile=False)`) go to the training folder during
      training batches and to the validation folder during evaluation
      batches, with the batch count as the step (training batches counted
      since `fit()` began, evaluation batches over every run of this
      callback), one batch in `N`;
    - with `histogram_freq=N`, every `N` epochs, a histogram of every
      weight, tagged `<weight path>/histogram`, and with
      `write_images=True` the weights as images, tagged
      `<weight path>/image`: a vector as a column, a matrix as it is
      (transposed if it has more rows than columns), a 3D weight as one
      image per slice of its last axis, a 4D weight as images whose last
      axis holds 1, 3 or 4 channels (axes of size 1 are dropped first;
      other shapes have no image; at most 3 images per weight; values are
      read as intensities in `[0, 1]`);
    - with `write_graph=True`, the model's JSON config tagged `keras`,
      each time the callback is given the model (at the start of `fit()`,
      `evaluate()` and `predict()`);
    - with `embeddings_freq=N`, `projector_config.pbtxt` in `log_dir`,
      with one `embeddings` entry per `Embedding` layer of the model (its
      top-level layers) and its metadata file, and every `N` epochs the
      model's weights as `train/keras_embedding.ckpt-<epoch>.weights.h5`.
      The entries name the tensor `layer_with_weights-0/embeddings/...`,
      as upstream Keras writes them on every backend; TensorBoard's
      projector reads TensorFlow checkpoints, not these weight files.

    Args:
        log_dir: Folder of the event files. Defaults to `"logs"`.
        histogram_freq: Epochs between two weight histograms; `0` (the
            default) writes none.
        write_graph: Whether to write the model's config (see above).
        write_images: Whether to also write weights as images when
            histograms are written.
        write_steps_per_second: Whether to log the training speed as
            `steps_per_second`.
        update_freq: `"epoch"` (the default) to write training values once
            per epoch, `"batch"` to also write them after every batch, or
            an int `N` to write them every `N` batches.
        profile_batch: `0` (the default) for no profiling; a batch number or
            a `(start, stop)` pair of batch numbers to record a JAX profiler
            trace of those batches of the first epoch into the training
            folder.
        embeddings_freq: Epochs between two saves of the weights for the
            embedding projector; `0` (the default) writes no projector
            files.
        embeddings_metadata: The metadata file (a path relative to
            `log_dir`, e.g. a `.tsv` of labels) of every `Embedding`
            layer as a string, or a dict mapping some `Embedding` layer
            names to their files, or `None` (the default) for none.

    Example:

    ```python
    board = keras.callbacks.TensorBoard("logs/run1", histogram_freq=1)
    model.fit(x, y, epochs=5, validation_split=0.2, callbacks=[board])
    ```
    """

    def __init__(
        self,
        log_dir="logs",
        histogram_freq=0,
        write_graph=True,
        write_images=False,
        write_steps_per_second=False,
        update_freq="epoch",
        profile_batch=0,
        embeddings_freq=0,
        embeddings_metadata=None,
    ):
        super().__init__()
        self.log_dir = os.fspath(log_dir)
        self.histogram_freq = int(histogram_freq)
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        if update_freq == "batch":
            update_freq = 1
        if update_freq != "epoch" and not (
            isinstance(update_freq, int) and update_freq > 0
        ):
            raise ValueError(
                "`update_freq` must be 'epoch', 'batch' or a positive int. "
                f"Received: update_freq={update_freq!r}"
            )
        self.update_freq = update_freq
        if not isinstance(embeddings_freq, int) or embeddings_freq < 0:
            raise ValueError(
                "`embeddings_freq` must be a non-negative int (epochs "
                "between two saves of the embeddings; 0 for none). "
                f"Received: embeddings_freq={embeddings_freq!r}"
            )
        if not isinstance(embeddings_metadata, (type(None), str, dict)):
            raise ValueError(
                "`embeddings_metadata` must be a file name for every "
                "`Embedding` layer, a dict of file names by layer name, or "
                f"None. Received: embeddings_metadata={embeddings_metadata!r}"
            )
        self.embeddings_freq = embeddings_freq
        self.embeddings_metadata = embeddings_metadata
        self._profile_range = self._parse_profile_batch(profile_batch)
        self._writers = {}
        self._training = False
        self._train_step = 0
        # Evaluation batches over every run of this callback: the step of
        # the summaries the model writes while it is evaluated.
        self._test_step = 0
        # Routes the model's own `tf.summary` calls during a batch.
        self._batch_summaries = contextlib.ExitStack()
        self._epoch_start = None
        self._batch_start = None
        self._profiling = False

    def _parse_profile_batch(self, profile_batch):
        if isinstance(profile_batch, str):
            profile_batch = tuple(int(p) for p in profile_batch.split(","))
        if isinstance(profile_batch, int):
            profile_batch = (profile_batch, profile_batch)
        if (
            not isinstance(profile_batch, (tuple, list))
            or len(profile_batch) != 2
            or profile_batch[0] < 0
            or profile_batch[1] < profile_batch[0]
        ):
            raise ValueError(
                "`profile_batch` must be a non-negative int or a pair "
                "`(start, stop)` of batch numbers with start <= stop. "
                "Received: "
                f"profile_batch={profile_batch!r}"
            )
        if profile_batch[0] == 0:
            return None
        if sys.version_info < (3, 12):
            warnings.warn(
                "Profiling is turned off: tracing from this callback with "
                "the JAX backend requires python >= 3.12 (older versions "
                "can crash).",
                stacklevel=3,
            )
            return None
        return tuple(profile_batch)

    # ------------------------------------------------------------ writing
    def _writer(self, name):
        if name not in self._writers:
            import tensorflow as tf

            self._writers[name] = tf.summary.create_file_writer(
                os.path.join(self.log_dir, name)
            )
        return self._writers[name]

    def _is_writer_process(self):
        return distribution_lib.process_id() == 0

    def _write_scalars(self, name, values, prefix, step, suffix=""):
        if not values or not self._is_writer_process():
            return
        with self._writer(name).as_default():
            for key, value in values.items():
                scalar = np.asarray(value)
                if scalar.size != 1:
                    continue
                _write(
                    f"{prefix}{key}{suffix}",
                    np.float32(scalar.reshape(())),
                    step,
                    "scalars",
                )

    def _write_weights(self, epoch):
        if not self._is_writer_process():
            return
        with self._writer("train").as_default():
            for weight in self.model.weights:
                value = np.asarray(weight.numpy())
                _write(
                    f"{weight.path}/histogram",
                    _histogram(value),
                    epoch,
                    "histograms",
                )
                if self.write_images:
                    images = _weight_images(value)
                    if images is not None:
                        _write(
                            f"{weight.path}/image",
                            _png_strings(images),
                            epoch,
                            "images",
                        )

    def _write_config(self):
        if not self._is_writer_process():
            return
        try:
            config = self.model.to_json()
        except (NotImplementedError, TypeError, ValueError) as error:
            warnings.warn(
                f"The model's config could not be written: {error}",
                stacklevel=2,
            )
            return
        with self._writer("train").as_default():
            # The plugin that draws Keras models as graphs, with the
            # plugin content upstream Keras gives it.
            _write("keras", np.array(config), 0, "graph_keras_model", b"1")
        self._writers["train"].flush()

    def _embedding_metadata(self):
        """The metadata file (or `None`) of each `Embedding` layer among
        the model's top-level layers, in layer order."""
        from keras.src.layers.core.embedding import Embedding

        names = [
            layer.name
            for layer in self.model.layers
            if isinstance(layer, Embedding)
        ]
        metadata = self.embeddings_metadata
        if not isinstance(metadata, dict):
            return [metadata] * len(names)
        unknown = set(metadata) - set(names)
        if unknown:
            raise ValueError(
                "`embeddings_metadata` names layers that are not "
                f"`Embedding` layers of the model: {sorted(unknown)}. Its "
                f"`Embedding` layers: {names}"
            )
        return [metadata.get(name) for name in names]

    def _write_projector_config(self):
        """Writes `projector_config.pbtxt` (the text format of the
        projector's `ProjectorConfig` message) into `log_dir`."""
        metadata_paths = self._embedding_metadata()
        if not self._is_writer_process():
            return
        lines = []
        for metadata_path in metadata_paths:
            lines.append("embeddings {")
            lines.append(f"  tensor_name: {_quoted(_EMBEDDING_TENSOR)}")
            if metadata_path is not None:
                lines.append(f"  metadata_path: {_quoted(metadata_path)}")
            lines.append("}")
        os.makedirs(self.log_dir, exist_ok=True)
        path = os.path.join(self.log_dir, "projector_config.pbtxt")
        with open(path, "w") as f:
            f.write("".join(f"{line}\n" for line in lines))

    def _save_embeddings(self, epoch):
        # Every process saves: `save_weights` writes from process 0 with
        # the others taking part.
        folder = os.path.join(self.log_dir, "train")
        os.makedirs(folder, exist_ok=True)
        self.model.save_weights(
            os.path.join(folder, f"keras_embedding.ckpt-{epoch}.weights.h5")
        )

    def _route_batch_summaries(self, name, step):
        """Sends the `tf.summary` calls of the coming batch to the `name`
        writer at `step`, recorded one batch in `update_freq`."""
        self._batch_summaries.close()
        if self.update_freq == "epoch" or not self._is_writer_process():
            return
        import tensorflow as tf

        self._batch_summaries.enter_context(
            self._writer(name).as_default(step=step)
        )
        self._batch_summaries.enter_context(
            tf.summary.record_if(step % self.update_freq == 0)
        )

    def _optimizer_iterations(self):
        optimizer = getattr(self.model, "optimizer", None)
        iterations = getattr(optimizer, "iterations", None)
        return 0 if iterations is None else int(np.asarray(iterations))

    def _flush(self):
        for writer in self._writers.values():
            writer.flush()

    def _close_writers(self):
        """Closes the event files; the next summary starts new ones."""
        for writer in self._writers.values():
            writer.close()
        self._writers = {}

    # ------------------------------------------------------------- hooks
    def set_model(self, model):
        super().set_model(model)
        if self.write_graph:
            self._write_config()

    def on_train_begin(self, logs=None):
        self._training = True
        self._train_step = 0
        if self.embeddings_freq:
            self._write_projector_config()

    def on_train_end(self, logs=None):
        self._training = False
        self._batch_summaries.close()
        self._stop_profiling()
        self._close_writers()

    def on_epoch_begin(self, epoch, logs=None):
        self._epoch = epoch
        self._epoch_start = time.time()
        self._epoch_steps = 0

    def on_train_batch_begin(self, batch, logs=None):
        self._batch_start = time.time()
        self._route_batch_summaries("train", self._train_step + 1)
        if (
            self._profile_range is not None
            and self._epoch == 0
            and batch == self._profile_range[0]
        ):
            import jax

            jax.profiler.start_trace(os.path.join(self.log_dir, "train"))
            self._profiling = True

    def on_train_batch_end(self, batch, logs=None):
        self._batch_summaries.close()
        self._train_step += 1
        self._epoch_steps += 1
        if self._profiling and batch >= self._profile_range[1]:
            self._stop_profiling()
        if self.update_freq == "epoch" or self._train_step % self.update_freq:
            return
        values = dict(logs or {})
        if self.write_steps_per_second:
            elapsed = time.time() - self._batch_start
            values["steps_per_second"] = 1.0 / elapsed if elapsed else 0.0
        self._write_scalars("train", values, "batch_", self._train_step)

    def on_test_batch_begin(self, batch, logs=None):
        self._route_batch_summaries("validation", self._test_step + 1)

    def on_test_batch_end(self, batch, logs=None):
        self._batch_summaries.close()
        self._test_step += 1

    def _collect_learning_rate(self, logs):
        """`logs` plus the optimizer's current learning rate: under
        `learning_rate`, or with a `MultiOptimizer`, one entry
        `learning_rate_<name>` per sub-optimizer (a repeated name gets a
        numeric suffix)."""
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer is None:
            return logs
        logs = dict(logs)
        sub_optimizers = getattr(optimizer, "optimizers", None)
        if not sub_optimizers:
            logs["learning_rate"] = float(np.asarray(optimizer.learning_rate))
            return logs
        for sub_optimizer in sub_optimizers:
            key = f"learning_rate_{sub_optimizer.name}"
            suffix = 1
            while key in logs:
                key = f"learning_rate_{sub_optimizer.name}_{suffix}"
                suffix += 1
            logs[key] = float(np.asarray(sub_optimizer.learning_rate))
        return logs

    def _stop_profiling(self):
        if self._profiling:
            import jax

            jax.profiler.stop_trace()
            self._profiling = False

    def on_test_end(self, logs=None):
        # Validation runs of `fit()` and `evaluate()` calls: one point per
        # run, at the optimizer's iteration count.
        self._batch_summaries.close()
        self._write_scalars(
            "validation",
            dict(logs or {}),
            "evaluation_",
            self._optimizer_iterations(),
            suffix="_vs_iterations",
        )
        if self._training:
            self._flush()
        else:
            self._close_writers()

    def on_predict_end(self, logs=None):
        self._close_writers()

    def on_epoch_end(self, epoch, logs=None):
        logs = dict(logs or {})
        train = {k: v for k, v in logs.items() if not k.startswith("val_")}
        validation = {
            k[len("val_") :]: v for k, v in logs.items() if k.startswith("val_")
        }
        if self.write_steps_per_second and self._epoch_steps:
            elapsed = time.time() - self._epoch_start
            train["steps_per_second"] = self._epoch_steps / elapsed
        train = self._collect_learning_rate(train)
        self._write_scalars("train", train, "epoch_", epoch)
        self._write_scalars("validation", validation, "epoch_", epoch)
        if self.histogram_freq and epoch % self.histogram_freq == 0:
            self._write_weights(epoch)
        if self.embeddings_freq and epoch % self.embeddings_freq == 0:
            self._save_embeddings(epoch)
        self._flush()


# The checkpoint key of an embedding matrix that upstream Keras writes into
# the projector config, for every `Embedding` layer.
_EMBEDDING_TENSOR = "layer_with_weights-0/embeddings/.ATTRIBUTES/VARIABLE_VALUE"

# At most this many images per weight (TensorBoard's default).
_MAX_IMAGES = 3


def _write(tag, tensor, step, plugin, content=b""):
    """Writes one summary in the format of TensorBoard's `plugin`
    ("scalars", "histograms", "images", "graph_keras_model"); only
    TensorFlow is needed, not the `tensorboard` package."""
    import tensorflow as tf

    metadata = tf.compat.v1.SummaryMetadata()
    metadata.plugin_data.plugin_name = plugin
    metadata.plugin_data.content = content
    tf.summary.write(tag, tensor, step=step, metadata=metadata)


def _histogram(value, bins=30):
    """`(bins, 3)` float64 rows of `[left edge, right edge, count]`, the
    layout the histograms plugin reads, as TensorBoard computes them:
    `bins` equal buckets from the smallest to the largest value (the
    largest falls into the last one); all of a constant array in the last
    bucket, with both edges at the value; zeros for an empty array. NaNs
    are not counted."""
    value = np.asarray(value, dtype="float64").ravel()
    rows = np.zeros((bins, 3))
    if value.size == 0:
        return rows
    low, high = value.min(), value.max()
    if low == high:
        rows[:, :2] = low
        rows[-1, 2] = value.size
        return rows
    with np.errstate(invalid="ignore", over="ignore"):
        edges = np.linspace(low, high, bins + 1)
        position = np.floor((value - low) / ((high - low) / bins))
    position = position[~np.isnan(position)]
    bucket = np.clip(position, 0, bins - 1).astype("int64")
    rows[:, 0], rows[:, 1] = edges[:-1], edges[1:]
    rows[:, 2] = np.bincount(bucket, minlength=bins)
    return rows


def _weight_images(value):
    """A weight as a `(images, height, width, channels)` array for the
    images plugin (see the class docstring for the layouts), or `None`
    when it has no image layout."""
    value = np.squeeze(value)
    if value.ndim == 1:
        return value[None, :, None, None]
    if value.ndim == 2:
        if value.shape[0] > value.shape[1]:
            value = value.T
        return value[None, :, :, None]
    if value.ndim == 3:
        return np.moveaxis(value, -1, 0)[..., None]
    if value.ndim == 4 and value.shape[-1] in (1, 3, 4):
        return value
    return None


def _png_strings(images):
    """The images plugin's string tensor: `[width, height, png, ...]` for
    the first `_MAX_IMAGES` images. Values in `[0, 1]` map to 0-255
    (`value * 255.5` truncated, computed in the weight's float dtype);
    others saturate."""
    import tensorflow as tf

    if images.dtype not in ("float16", "float32", "float64"):
        images = images.astype("float32")
    scaled = images * images.dtype.type(255.5)
    pixels = np.clip(scaled, 0, 255).astype("uint8")[:_MAX_IMAGES]
    height, width = pixels.shape[1:3]
    pngs = [tf.image.encode_png(image).numpy() for image in pixels]
    return np.array([str(width).encode(), str(height).encode(), *pngs], object)


def _quoted(text):
    """`text` as a string literal of the protobuf text format."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
