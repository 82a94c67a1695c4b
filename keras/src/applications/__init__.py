"""Reference image models (architectures only in this build: pretrained
weights cannot be downloaded)."""

from keras.src.applications import efficientnet
from keras.src.applications import imagenet_utils
from keras.src.applications import mobilenet
from keras.src.applications import resnet

__all__ = ["efficientnet", "imagenet_utils", "mobilenet", "resnet"]
