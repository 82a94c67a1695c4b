"""Base class of the objects turning user data into batches."""

from keras.src import tree


class DataAdapter:
    """Turns one kind of user input into an iterable of batches.

    Batches are tuples `(x,)`, `(x, y)` or `(x, y, sample_weight)` of
    NumPy arrays (or nested structures of them).
    """

    # Whether `get_numpy_iterator` can be called again to start over.
    reiterable = True

    def get_numpy_iterator(self):
        """Returns a new iterator over batches of NumPy arrays."""
        raise NotImplementedError

    def get_jax_iterator(self):
        """Returns a new iterator over batches (NumPy arrays, which JAX
        accepts directly)."""
        return self.get_numpy_iterator()

    def get_tf_dataset(self):
        """Returns the batches as a `tf.data.Dataset` (imports TensorFlow)."""
        import tensorflow as tf

        def batches():
            # tf.data takes tuples, not lists.
            for batch in self.get_numpy_iterator():
                yield tree.lists_to_tuples(batch)

        first = next(batches())
        signature = tf.nest.map_structure(
            lambda a: tf.TensorSpec((None,) + a.shape[1:], a.dtype), first
        )
        return tf.data.Dataset.from_generator(
            batches, output_signature=signature
        )

    def get_torch_dataloader(self):
        """Returns the batches as a `torch.utils.data.DataLoader` of
        tensors (imports PyTorch)."""
        import torch

        adapter = self

        class Batches(torch.utils.data.IterableDataset):
            def __iter__(self):
                for batch in adapter.get_numpy_iterator():
                    yield tree.map_structure(torch.as_tensor, batch)

        # The batches are whole already: no further batching.
        return torch.utils.data.DataLoader(Batches(), batch_size=None)

    @property
    def num_batches(self):
        """Number of batches per epoch, or `None` if unknown."""
        return None

    @property
    def batch_size(self):
        """The batch size, or `None` if unknown."""
        return None

    @property
    def has_partial_batch(self):
        """Whether the last batch is smaller than `batch_size`."""
        return None

    @property
    def partial_batch_size(self):
        """The size of the last batch if partial, else `None`."""
        return None

    def on_epoch_begin(self):
        pass

    def on_epoch_end(self):
        pass
