"""Checks of the `Args:` sections written from signatures."""

import inspect

import keras
from keras.src.layers import arg_docs


def _documented_arguments(cls):
    doc = inspect.getdoc(cls)
    section = doc[doc.index("Args:\n") :].split("\n\n")[0]
    return [
        line.strip().split(":")[0].lstrip("*")
        for line in section.splitlines()[1:]
        if line.startswith("    ") and not line.startswith("        ")
    ]


def test_args_section_follows_the_signature():
    for cls in (
        keras.layers.Conv2D,
        keras.layers.Conv3DTranspose,
        keras.layers.SeparableConv1D,
        keras.layers.DepthwiseConv2D,
        keras.layers.ConvLSTM3D,
        keras.layers.LSTM,
        keras.layers.GRUCell,
        keras.layers.SimpleRNN,
    ):
        names = list(inspect.signature(cls).parameters)
        assert _documented_arguments(cls) == names, cls.__name__
        assert "{" not in inspect.getdoc(cls).split("Args:")[1][:2000]


def test_descriptions_replace_the_shared_ones():
    def init(self, filters, strides=1, bias_initializer="zeros", **kwargs):
        pass

    section = arg_docs.args_section(init, 2, strides="Two {ints}.")
    assert section.splitlines() == [
        "        filters: Positive int, the number of output channels.",
        "        strides: Two 2 ints.",
        "        bias_initializer: Initializer of the bias. Defaults to "
        '`"zeros"`.',
        "        **kwargs: Base layer arguments such as `name` and `dtype`.",
    ]
