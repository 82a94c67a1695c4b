"""`TensorBoard`: writes training logs as TensorBoard event files."""

import json
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
      step; after each validation run, `evaluation_<name>_vs_iterations`
      in the validation folder, with the global batch count as the step;
    - with `histogram_freq=N`, a histogram of every weight every `N` epochs
      (tagged by the weight's path), and with `write_images=True` the 2D
      (or reshaped 1D) weights as images as well;
    - with `write_graph=True`, the model's JSON config as a text summary
      tagged `keras`, at the start of training.

    TensorFlow writes the files (it is imported when the callback first
    writes, never by `import keras`). With several processes, only process
    0 writes.

    Args:
        log_dir: Folder of the event files. Defaults to `"logs"`.
        histogram_freq: Epochs between two weight histograms; `0` (the
            default) writes none.
        write_graph: Whether to write the model's config at the start of
            training.
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
        embeddings_freq: Must be `0`: the embedding projector is not
            written by this callback.
        embeddings_metadata: Must be `None` (see `embeddings_freq`).

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
        if embeddings_freq or embeddings_metadata is not None:
            raise ValueError(
                "This TensorBoard callback does not write the embedding "
                "projector: leave `embeddings_freq=0` and "
                "`embeddings_metadata=None`. Received: "
                f"embeddings_freq={embeddings_freq}, "
                f"embeddings_metadata={embeddings_metadata!r}"
            )
        self.embeddings_freq = 0
        self.embeddings_metadata = None
        self._profile_range = self._parse_profile_batch(profile_batch)
        self._writers = {}
        self._train_step = 0
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
                "Profiling is turned off: tracing JAX from this callback "
                "requires python >= 3.12 (older versions can crash).",
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
                tag = weight.path.replace(":", "_")
                value = np.asarray(weight.numpy(), dtype="float64")
                _write(tag, _histogram(value), epoch, "histograms")
                if self.write_images:
                    image = _png_image(value)
                    if image is not None:
                        _write(f"{tag}/image", image, epoch, "images")

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
            _write("keras", np.array(json.dumps(json.loads(config))), 0, "text")

    def _flush(self):
        for writer in self._writers.values():
            writer.flush()

    # ------------------------------------------------------------- hooks
    def on_train_begin(self, logs=None):
        self._train_step = 0
        if self.write_graph:
            self._write_config()

    def on_train_end(self, logs=None):
        self._stop_profiling()
        for writer in self._writers.values():
            writer.close()
        self._writers = {}

    def on_epoch_begin(self, epoch, logs=None):
        self._epoch = epoch
        self._epoch_start = time.time()
        self._epoch_steps = 0

    def on_train_batch_begin(self, batch, logs=None):
        self._batch_start = time.time()
        if (
            self._profile_range is not None
            and self._epoch == 0
            and batch == self._profile_range[0]
        ):
            import jax

            jax.profiler.start_trace(os.path.join(self.log_dir, "train"))
            self._profiling = True

    def on_train_batch_end(self, batch, logs=None):
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
        # run, at the number of training batches seen so far.
        self._write_scalars(
            "validation",
            dict(logs or {}),
            "evaluation_",
            self._train_step,
            suffix="_vs_iterations",
        )
        self._flush()

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
        self._flush()


def _write(tag, tensor, step, plugin):
    """Writes one summary in the format of TensorBoard's `plugin`
    ("scalars", "histograms", "images" or "text"); only TensorFlow is
    needed, not the `tensorboard` package."""
    import tensorflow as tf

    metadata = tf.compat.v1.SummaryMetadata()
    metadata.plugin_data.plugin_name = plugin
    # TensorBoard's data classes: 1 scalar, 2 tensor, 3 blob sequence.
    metadata.data_class = {"scalars": 1, "images": 3}.get(plugin, 2)
    tf.summary.write(tag, tensor, step=step, metadata=metadata)


def _histogram(value, bins=30):
    """`(bins, 3)` rows of `[left edge, right edge, count]`, the layout the
    histograms plugin reads."""
    value = value.ravel()
    if value.size == 0:
        return np.zeros((0, 3))
    low, high = float(value.min()), float(value.max())
    if low == high:
        low, high = low - 0.5, high + 0.5
    counts, edges = np.histogram(value, bins=bins, range=(low, high))
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def _png_image(value):
    """A 1D or 2D weight as the images plugin's `[width, height, png]`
    string tensor (grayscale, scaled to 0-255), or `None`."""
    import tensorflow as tf

    if value.ndim == 1:
        value = value[None, :]
    elif value.ndim != 2:
        return None
    low, high = value.min(), value.max()
    scaled = (value - low) / (high - low) if high > low else value * 0
    pixels = (scaled * 255).round().astype("uint8")[:, :, None]
    png = tf.image.encode_png(pixels).numpy()
    height, width = pixels.shape[:2]
    return np.array([str(width).encode(), str(height).encode(), png], object)
