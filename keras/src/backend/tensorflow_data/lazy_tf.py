"""`tf`: the one handle of this package on TensorFlow, imported on first use.

`import keras` never imports TensorFlow: the handle imports it when an op
of this package first reads one of its attributes, which happens only
while the layers compute on TensorFlow tensors.
"""


class _LazyTensorFlow:
    def __getattr__(self, name):
        import tensorflow

        return getattr(tensorflow, name)

    def __repr__(self):
        return "<tensorflow, imported on first use>"


tf = _LazyTensorFlow()


def resolve(path):
    """The TensorFlow function at dotted `path` under `tf`, e.g.
    `resolve("math.log")` is `tf.math.log`."""
    target = tf
    for part in path.split("."):
        target = getattr(target, part)
    return target
