"""VGG19: VGG16 (`keras.applications.vgg16`) with four convolutions, not
three, in each of the last three blocks."""

from keras.src.applications import vgg16

VGG19, preprocess_input, decode_predictions = vgg16.export_vgg(19, __name__)
