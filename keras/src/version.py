from keras.src.api_export import keras_export

__version__ = "3.16.0"


@keras_export("keras.version")
def version():
    """Returns the version of this Keras package."""
    return __version__
