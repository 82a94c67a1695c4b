"""The version of this package (the single place it is written).

`UPSTREAM_VERSION` is the Keras release whose public interface and file
formats this package follows. The package version adds the PEP 440 local
label `+jax`: `3.15.1+jax` sorts after the `3.15.1` release it tracks and
before the next one (`3.15.2`), so requirements such as `keras>=3.10`
(e.g. TensorFlow's) accept it, while the label tells it apart from any
release published upstream (public indexes refuse local labels, so no
upstream release can carry it).
"""

from keras.src.api_export import keras_export

# A literal, so that packaging tools can read it without importing keras.
__version__ = "3.15.1+jax"
UPSTREAM_VERSION = __version__.split("+")[0]


@keras_export("keras.version")
def version():
    """Returns the version of this Keras package."""
    return __version__
