"""Reference image models (architectures only in this build: pretrained
weights cannot be downloaded)."""

from keras.src.applications import mobilenet

__all__ = ["mobilenet"]
