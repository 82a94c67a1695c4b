"""VGG16: a plain stack of 3x3 convolutions for image classification.

The architecture of Simonyan and Zisserman, 2014 ("Very Deep Convolutional
Networks for Large-Scale Image Recognition"): five blocks of "same" 3x3
ReLU convolutions, each followed by 2x2 max pooling, then (optionally) two
fully connected layers of 4096 units and the classifier. VGG19
(`keras.applications.vgg19`) is the same with more convolutions.
"""

from keras.src import layers
from keras.src.applications import model_builder

# Filters of the five blocks; convolutions per block for each depth.
_FILTERS = (64, 128, 256, 512, 512)
_CONVS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}


def build_vgg(call, depth):
    """Builds VGG16 (`depth=16`) or VGG19 (`depth=19`) for `call` (see
    `model_builder.ApplicationCall`)."""
    img_input = call.image_input(default_size=224)
    x = img_input
    for block, (filters, convs) in enumerate(
        zip(_FILTERS, _CONVS[depth]), start=1
    ):
        for conv in range(1, convs + 1):
            x = layers.Conv2D(
                filters,
                3,
                activation="relu",
                padding="same",
                name=f"block{block}_conv{conv}",
            )(x)
        x = layers.MaxPooling2D(2, strides=2, name=f"block{block}_pool")(x)

    if call.include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        x = layers.Dense(
            call.classes,
            activation=call.classifier_activation,
            name="predictions",
        )(x)
    else:
        # VGG's pooling layers have automatic names.
        x = model_builder.global_pool(
            x, call.pooling, avg_name=None, max_name=None
        )
    return call.model(x)


def export_vgg(depth, module):
    """Declares `VGG{depth}` of `module` with its preprocessing functions;
    returns `(model function, preprocess_input, decode_predictions)`."""
    title = f"VGG{depth}"
    short = f"vgg{depth}"
    application = model_builder.export_application(
        build_vgg,
        title,
        module,
        model_builder.standard_doc(
            title,
            short,
            head="fully connected head (flatten, two `Dense` layers of 4096 "
            "units, and the classifier), which needs a fixed image size",
        ),
        model_builder.STANDARD_PARAMETERS + (("name", f"vgg{depth}"),),
        depth=depth,
    )
    preprocess, decode = model_builder.export_preprocessing(
        module, mode="caffe"
    )
    return application, preprocess, decode


VGG16, preprocess_input, decode_predictions = export_vgg(16, __name__)
