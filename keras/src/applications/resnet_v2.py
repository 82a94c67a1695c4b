"""ResNet50V2, ResNet101V2 and ResNet152V2: pre-activation residual image
models.

The architecture of He et al., 2016 ("Identity Mappings in Deep Residual
Networks"): the stages of `keras.applications.resnet`, but batch
normalization and ReLU come before each convolution of a block, the
residual sum is not activated, a stage's stride is carried by its last
block, and the features are normalized once more at the end. Built by
`resnet.build_resnet`.
"""

from keras.src.applications import model_builder
from keras.src.applications import resnet


def _export(depth):
    title = f"ResNet{depth}V2"
    return model_builder.export_application(
        resnet.build_resnet,
        title,
        __name__,
        model_builder.standard_doc(
            title, "resnet_v2", summary=" (pre-activation residual blocks)"
        ),
        model_builder.STANDARD_PARAMETERS + (("name", f"resnet{depth}v2"),),
        depth=depth,
        preact=True,
    )


ResNet50V2 = _export(50)
ResNet101V2 = _export(101)
ResNet152V2 = _export(152)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
