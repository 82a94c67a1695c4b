"""Tiny keras-hub backbones, built from a config with nothing downloaded.

Shared by the benchmarks that go over every keras-hub family
(`keras_hub_sharding.py`, `keras_hub_quantize.py`). A backbone's
constructor arguments come from `inspect.signature`, filled by name from
`TINY` and replaced or completed per family from `OVERRIDES`; arguments
named like dropout are set to 0. `row_in_subprocess` runs one family of
such a benchmark in a fresh process, so that a compiler crash (a failed
check aborts the process) becomes the text of that family's row.

This module imports no Keras: each benchmark chooses which Keras it runs
(the repository's, or another one on `PYTHONPATH`) and sets its
environment before importing `keras_hub`.
"""

import inspect
import json
import os
import subprocess
import sys
import types

import numpy as np

VOCABULARY_SIZE = 64
SEQUENCE_LENGTH = 8
IMAGE_SIZE = 16
# Raw audio is cut by a wide first convolution: a clip needs more samples.
AUDIO_SAMPLES = 2048
# The steps a diffusion backbone is told it takes (its "num_steps").
DIFFUSION_STEPS = 4
ROW_PREFIX = "ROW "


class Nested:
    """An argument that is itself a tiny keras-hub model (the image encoder
    of a segmentation backbone, the vision encoder of CLIP): the class
    called `name` in `keras_hub.models` or `keras_hub.layers`, built anew by
    `build` for each model, with `tiny_arguments` and `overrides`."""

    def __init__(self, name, **overrides):
        self.name = name
        self.overrides = overrides


class Attribute:
    """An argument read from an attribute of a `Nested` model once `build`
    has built it (the input and the pyramid outputs of an image encoder,
    for a functional model made from them). Arguments naming the same
    `Nested` object read the same built model: one per model `build`
    makes."""

    def __init__(self, nested, attribute):
        self.nested = nested
        self.attribute = attribute


# Constructor arguments by name: a tiny model, heads and widths divisible
# by both axes of a (2, 4) mesh where a family lets them be.
TINY = {
    "vocabulary_size": VOCABULARY_SIZE,
    "vocab_size": VOCABULARY_SIZE,
    "num_layers": 1,
    "num_heads": 4,
    "num_query_heads": 4,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "hidden_dim": 16,
    "hidden_size": 16,
    "head_size": 4,
    "attention_bias": False,
    "embedding_dim": 16,
    "intermediate_dim": 32,
    "head_dim": 8,
    "key_value_dim": 4,
    "max_sequence_length": 32,
    "num_segments": 2,
    "num_groups": 1,
    "num_inner_repetitions": 1,
    "num_experts": 4,
    "top_k": 2,
    "num_experts_per_tok": 2,
    "moe_intermediate_dim": 16,
    "shared_expert_intermediate_dim": 16,
    "shared_expert_intermediate_size": 16,
    "moe_intermediate_size": 16,
    "num_shared_experts": 1,
    "layer_norm_epsilon": 1e-6,
    # Vision: 16 x 16 RGB images cut into 4 x 4 patches.
    "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    "image_size": IMAGE_SIZE,
    "patch_size": 4,
    "mlp_dim": 32,
}
# The image encoder of which FeaturePyramid takes the input and outputs.
_PYRAMID_ENCODER = Nested("ResNetBackbone")
# Per family (backbone name without "Backbone"): arguments replacing or
# adding to those filled from `TINY`.
OVERRIDES = {
    # A quarter of each head is rotated: heads of 8 give an even 2.
    "GPTNeoX": {"hidden_dim": 32},
    "Phi3": {"num_key_value_heads": 4},
    # Their default images are hundreds of pixels wide.
    "DINOV2": {
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
        "position_embedding_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "DINOV3": {"image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3)},
    "ViTDet": {
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
        "global_attention_layer_indices": [0],
        "window_size": 2,
        "num_output_channels": 8,
    },
    # Per-stage lists where other families take one number.
    "SwinTransformer": {
        "embed_dim": 8,
        "depths": [1],
        "num_heads": [2],
        "window_size": 2,
        "drop_path": 0.0,
    },
    "MiT": {
        "layerwise_depths": [1],
        "layerwise_num_heads": [1],
        "layerwise_sr_ratios": [1],
        "max_drop_path_rate": 0.0,
        "layerwise_patch_sizes": [3],
        "layerwise_strides": [2],
        "hidden_dims": [8],
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "PaliGemma": {
        "vit_patch_size": 4,
        "vit_num_heads": 2,
        "vit_hidden_dim": 8,
        "vit_num_layers": 1,
    },
    "VGG": {"stackwise_num_repeats": [1], "stackwise_num_filters": [8]},
    # Convolution networks: one stage of 8 filters (16 where a stage
    # halves its input width).
    "ResNet": {
        # Its stem and first stage must have 64 filters.
        "input_conv_filters": [64],
        "input_conv_kernel_sizes": [3],
        "stackwise_num_filters": [64, 64],
        "stackwise_num_blocks": [1, 1],
        "stackwise_num_strides": [1, 2],
        "block_type": "basic_block",
    },
    "DenseNet": {"stackwise_num_repeats": [1, 1], "growth_rate": 8},
    "Xception": {
        "stackwise_conv_filters": [[8, 16]],
        "stackwise_pooling": [False],
    },
    "CSPNet": {
        "stem_filters": 16,
        "stem_kernel_size": 3,
        "stem_strides": 1,
        "stackwise_depth": [1],
        "stackwise_strides": [1],
        "stackwise_num_filters": [16],
        "block_type": "bottleneck_block",
        "stage_type": "dark",
    },
    "EfficientNet": {
        "stackwise_kernel_sizes": [3],
        "stackwise_num_repeats": [1],
        "stackwise_input_filters": [8],
        "stackwise_output_filters": [16],
        "stackwise_expansion_ratios": [1],
        "stackwise_squeeze_and_excite_ratios": [0.25],
        "stackwise_strides": [1],
        "stackwise_block_types": ["v1"],
        "stackwise_force_input_filters": [0],
        "stackwise_nores_option": [False],
        "stackwise_width_coefficients": [1.0],
        "stackwise_depth_coefficients": [1.0],
    },
    "MobileNet": {
        "stackwise_expansion": [[1]],
        "stackwise_num_blocks": [1],
        "stackwise_num_filters": [[8]],
        "stackwise_kernel_size": [[3]],
        "stackwise_num_strides": [[1]],
        "stackwise_se_ratio": [[0.25]],
        "stackwise_activation": [["relu"]],
        "stackwise_padding": [[1]],
        "output_num_filters": 16,
        "depthwise_filters": 8,
        "depthwise_stride": 1,
        "depthwise_residual": False,
        "last_layer_filter": 16,
        "input_num_filters": 8,
    },
    # Two stages of 8 and 16 filters, each halving its input: an edge
    # residual, then an inverted residual and a multi-query attention
    # block; the fusion adapter takes both stages.
    "MobileNetV5": {
        "stackwise_block_types": [["er"], ["uir", "mqa"]],
        "stackwise_num_blocks": [1, 2],
        "stackwise_num_filters": [[8], [16, 16]],
        "stackwise_strides": [[2], [2, 1]],
        "stackwise_act_layers": [["relu"], ["relu", "relu"]],
        "stackwise_exp_ratios": [[1.0], [2.0, 1.0]],
        "stackwise_se_ratios": [[0.0], [0.0, 0.0]],
        "stackwise_dw_kernel_sizes": [[3], [3, 0]],
        "stackwise_dw_start_kernel_sizes": [[3], [3, 0]],
        "stackwise_dw_end_kernel_sizes": [[0], [0, 0]],
        "stackwise_exp_kernel_sizes": [[3], [3, 0]],
        "stackwise_pw_kernel_sizes": [[1], [1, 0]],
        "stackwise_num_heads": [[0], [0, 4]],
        "stackwise_key_dims": [[0], [0, 4]],
        "stackwise_value_dims": [[0], [0, 4]],
        "stackwise_kv_strides": [[1], [1, 2]],
        "stackwise_use_cpe": [[False], [False, False]],
        "stem_size": 8,
        "num_features": 16,
        "msfa_indices": (-2, -1),
        "msfa_output_resolution": 4,
    },
    "HGNetV2": {
        "depths": [1],
        "embedding_size": 8,
        "hidden_sizes": [16],
        "stem_channels": [3, 8, 8],
        "hidden_act": "relu",
        "use_learnable_affine_block": False,
        "stackwise_stage_filters": [[8, 8, 16, 1, 1, 3]],
        "apply_downsample": [False],
        "use_lightweight_conv_block": [False],
    },
    # A detection transformer on one feature level of a tiny HGNetV2: its
    # one stage gives 4 x 4 features (a stride of 4) of 16 channels; four
    # queries, two labels, no denoising queries.
    "DFine": {
        "backbone": Nested("HGNetV2Backbone", out_features=["stage1"]),
        "encoder_in_channels": [16],
        "feat_strides": [4],
        "num_feature_levels": 1,
        "encode_proj_layers": [0],
        "decoder_in_channels": [16],
        "encoder_hidden_dim": 16,
        "encoder_ffn_dim": 32,
        "num_encoder_layers": 1,
        "hidden_expansion": 1.0,
        "depth_multiplier": 1.0,
        "num_labels": 2,
        "num_denoising": 0,
        "learn_initial_query": False,
        "num_queries": 4,
        "anchor_image_size": (IMAGE_SIZE, IMAGE_SIZE),
        "eval_idx": -1,
        "num_decoder_layers": 1,
        "decoder_attention_heads": 4,
        "decoder_ffn_dim": 32,
        "decoder_n_points": [4],
        "lqe_hidden_dim": 8,
        "num_lqe_layers": 1,
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    # Backbones around a tiny image encoder.
    "DeepLabV3": {
        "image_encoder": Nested("ResNetBackbone"),
        "spatial_pyramid_pooling_key": "P3",
        "upsampling_size": 2,
        "dilation_rates": [1, 2],
        "low_level_feature_key": "P2",
        "projection_filters": 8,
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "SegFormer": {
        "image_encoder": Nested("MiTBackbone"),
        "projection_filters": 8,
    },
    "RetinaNet": {
        "image_encoder": Nested("ResNetBackbone"),
        "min_level": 3,
        "max_level": 4,
        "use_p5": False,
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    # Its decoder takes four encoder stages, each halving its input, and
    # pools twice more: 32 x 32 images. The stem feeds the first stage,
    # which ResNet fixes at 64 filters; the decoder's 512 filters are
    # fixed by keras-hub.
    "BASNet": {
        "image_encoder": Nested(
            "ResNetBackbone",
            stackwise_num_filters=[64, 8, 8, 8],
            stackwise_num_blocks=[1, 1, 1, 1],
            stackwise_num_strides=[1, 2, 2, 2],
        ),
        "num_classes": 1,
        "projection_filters": 64,
        "image_shape": (2 * IMAGE_SIZE, 2 * IMAGE_SIZE, 3),
    },
    # A functional model given the input and the pyramid outputs (a dict
    # of feature maps by level) of one tiny ResNet.
    "FeaturePyramid": {
        "inputs": Attribute(_PYRAMID_ENCODER, "input"),
        "outputs": Attribute(_PYRAMID_ENCODER, "pyramid_outputs"),
    },
    "DepthAnything": {
        "image_encoder": Nested("DINOV2Backbone"),
        "reassemble_factors": [2, 1],
        "neck_hidden_dims": [8, 8],
        "fusion_hidden_dim": 8,
        "head_hidden_dim": 8,
        "head_in_index": -1,
    },
    # An image encoder and prompt layers; the prompt encoder's features
    # are as wide as the image encoder's (4 x 4 patches of 16 x 16
    # images, 8 channels).
    "SAM": {
        "image_encoder": Nested("ViTDetBackbone", patch_size=4),
        "prompt_encoder": Nested("SAMPromptEncoder"),
        "mask_decoder": Nested("SAMMaskDecoder"),
    },
    # Concept prompts (a text and boxes) on 16 x 16 images: every part is
    # 16 wide with 4 heads. The vision encoder's one layer attends
    # globally and its position table is made for the images it gets. Its
    # feature pyramid loses its last level: scales 1 and 0.5 leave the
    # one at the 4 x 4 patch grid, the size the DETR decoder expects.
    "SAM3PromptableConcept": {
        "vision_encoder": Nested("SAM3VisionEncoder"),
        "text_encoder": Nested("SAM3TextEncoder"),
        "geometry_encoder": Nested("SAM3GeometryEncoder"),
        "detr_encoder": Nested("SAM3DetrEncoder"),
        "detr_decoder": Nested("SAM3DetrDecoder"),
        "mask_decoder": Nested("SAM3MaskDecoder"),
    },
    "SAM3VisionEncoder": {
        "fpn_hidden_dim": 16,
        "fpn_scale_factors": [1.0, 0.5],
        "pretrain_image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
        "global_attn_indexes": [0],
    },
    "SAM3TextEncoder": {"max_sequence_length": SEQUENCE_LENGTH},
    "SAM3GeometryEncoder": {"roi_size": 2},
    "SAM3DetrDecoder": {"num_queries": 4},
    "SAM3MaskDecoder": {"num_upsampling_stages": 1},
    "SAMPromptEncoder": {
        "hidden_size": 8,
        "image_embedding_size": (4, 4),
        "input_image_size": (IMAGE_SIZE, IMAGE_SIZE),
        "mask_in_channels": 4,
    },
    "SAMMaskDecoder": {
        "hidden_size": 8,
        "intermediate_dim": 16,
        "num_heads": 2,
        "embedding_dim": 8,
        "iou_head_hidden_dim": 8,
        "iou_head_depth": 1,
    },
    # Image and text encoders side by side.
    "CLIP": {
        "vision_encoder": Nested("CLIPVisionEncoder"),
        "text_encoder": Nested("CLIPTextEncoder"),
        "projection_dim": 16,
    },
    "MetaCLIP2": {
        "vision_encoder": Nested("MetaCLIP2VisionEncoder"),
        "text_encoder": Nested("MetaCLIP2TextEncoder"),
        "projection_dim": 16,
    },
    "SigLIP": {
        "vision_encoder": Nested("SigLIPVisionEncoder"),
        "text_encoder": Nested("SigLIPTextEncoder"),
    },
    "CLIPTextEncoder": {"max_sequence_length": SEQUENCE_LENGTH},
    "MetaCLIP2TextEncoder": {"max_sequence_length": SEQUENCE_LENGTH},
    "SigLIPTextEncoder": {"max_sequence_length": SEQUENCE_LENGTH},
    "CLIPVisionEncoder": {"image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3)},
    "MetaCLIP2VisionEncoder": {"image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3)},
    "SigLIPVisionEncoder": {"image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3)},
    # Text models with per-layer lists or encoder and decoder settings.
    "SmolLM": {
        "num_attention_heads": 4,
        "attention_dropout": 0.0,
        "rope_layer_enabled_list": [True],
        "layer_types": ["full_attention"],
        "mlp_bias": False,
        "max_position_embeddings": 32,
        "rope_theta": 10000.0,
        "partial_rotary_factor": 1.0,
    },
    "EdRec": {"num_layers_enc": 1, "num_layers_dec": 1},
    "Moonshine": {
        "filter_dim": 16,
        "encoder_num_layers": 1,
        "decoder_num_layers": 1,
        "encoder_num_heads": 4,
        "decoder_num_heads": 4,
    },
    "PARSeq": {
        "image_encoder": Nested("ViTBackbone", use_class_token=False),
        # Its loss reads labels as long as the token ids it is given.
        "max_label_length": SEQUENCE_LENGTH,
        "decoder_hidden_dim": 16,
        "num_decoder_layers": 1,
        "num_decoder_heads": 4,
        "decoder_mlp_dim": 32,
    },
    "VideoPrism": {
        "num_frames": 2,
        "num_spatial_layers": 1,
        "num_temporal_layers": 1,
        "num_auxiliary_layers": 0,
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "Flux": {
        "input_channels": 8,
        "mlp_ratio": 2.0,
        "depth": 1,
        "depth_single_blocks": 1,
        "axes_dim": [2, 2],
        "theta": 10000,
        "use_bias": True,
        "image_shape": (SEQUENCE_LENGTH, 8),
        "text_shape": (SEQUENCE_LENGTH, 16),
        "image_ids_shape": (SEQUENCE_LENGTH, 2),
        "text_ids_shape": (SEQUENCE_LENGTH, 2),
        "y_shape": (16,),
    },
    # A vision encoder, a querying transformer between it and the
    # language model, and OPT as the language model.
    "BLIP2": {
        "vision_encoder": Nested("BLIP2VisionEncoder"),
        "qformer": Nested("BLIP2QFormer"),
        "language_model": Nested("BLIP2CustomOPT"),
    },
    "BLIP2VisionEncoder": {
        "use_patch_bias": True,
        "use_class_token": True,
        "use_mha_bias": True,
        "use_mlp_bias": True,
        "initializer_range": 0.02,
    },
    "BLIP2QFormer": {
        "num_query_tokens": 4,
        "vision_dim": 16,
        "cross_attention_frequency": 1,
    },
    "BLIP2CustomOPT": {"num_query_tokens": 4, "qformer_hidden_dim": 16},
    # A diffusion transformer on the latents of a tiny VAE, conditioned
    # by two CLIP text encoders (no T5).
    "StableDiffusion3": {
        "mmdit_patch_size": 2,
        "mmdit_hidden_dim": 16,
        "mmdit_num_layers": 1,
        "mmdit_num_heads": 4,
        "mmdit_position_size": 8,
        "mmdit_qk_norm": None,
        "mmdit_dual_attention_indices": None,
        "vae": Nested("keras_hub.src.models.vae.vae_backbone.VAEBackbone"),
        # Each encoder also gives its hidden states after a layer.
        "clip_l": Nested("CLIPTextEncoder", intermediate_output_index=0),
        "clip_g": Nested("CLIPTextEncoder", intermediate_output_index=0),
        "latent_channels": 4,
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    # One stage (no resampling); its group normalizations have 32
    # groups: 32 filters at least.
    "VAE": {
        "encoder_num_filters": [32],
        "encoder_num_blocks": [1],
        "decoder_num_filters": [32],
        "decoder_num_blocks": [1],
        "sample_channels": 8,
    },
    # Its cache for `generate()` is shaped by `head_dim`, which defaults
    # to `None` (4 heads of 4 make the width of 16).
    "Qwen3Moe": {"head_dim": 4},
    "Gemma3": {"vision_encoder": None},
    # Text only (no vision or audio encoder configs), Hugging Face names.
    "Gemma3n": {
        "text_vocab_size": VOCABULARY_SIZE,
        "text_hidden_size": 16,
        "num_hidden_layers": 1,
        "pad_token_id": 0,
        # One width per layer.
        "intermediate_size": [128],
        "hidden_activation": "gelu_approximate",
        "layer_types": ["full_attention"],
        "sliding_window": SEQUENCE_LENGTH,
        "rope_theta": 10000.0,
        "max_position_embeddings": 32,
        "vocab_size_per_layer_input": VOCABULARY_SIZE,
        "hidden_size_per_layer_input": 4,
        "altup_num_inputs": 2,
        "laurel_rank": 4,
    },
    "Gemma4": {"vision_encoder": None, "audio_encoder": None},
}


class TokenIdsPreprocessor:
    """A stand-in for the preprocessor of a `CausalLM` that reads its
    tokenizer's special token ids when it is made (where the real
    tokenizer needs text libraries); the benchmarks then drop it and give
    token ids."""

    def __init__(self, **token_ids):
        self.tokenizer = types.SimpleNamespace(**token_ids)


# Per family: `CausalLM` arguments other than `preprocessor=None`.
CAUSAL_LM_ARGUMENTS = {
    # Start and padding take the last two ids, the end id is 0.
    "PARSeq": {
        "preprocessor": TokenIdsPreprocessor(
            start_token_id=VOCABULARY_SIZE - 2,
            pad_token_id=VOCABULARY_SIZE - 1,
            end_token_id=0,
        ),
    },
}
# Per family: the shape of one sample of an input, by input name, where
# `random_floats` cannot tell it from the input's unknown dimensions (a
# float input) or where it is not `SEQUENCE_LENGTH` tokens (an integer
# input, filled with ones: prompt labels).
INPUT_SHAPES = {
    # Prompts: two points, one box and one mask, a mask four times as
    # wide as the image encoder's 4 x 4 features.
    "SAM": {
        "points": (2, 2),
        "labels": (2,),
        "boxes": (1, 2, 2),
        "masks": (1, IMAGE_SIZE, IMAGE_SIZE, 1),
    },
    # One box prompt a sample, with its label.
    "SAM3PromptableConcept": {"boxes": (1, 5), "box_labels": (1,)},
}
for _family in ("T5Gemma", "T5Gemma2"):
    OVERRIDES[_family] = {
        f"{part}_{name}": value
        for part in ("encoder", "decoder")
        for name, value in (
            ("hidden_dim", 16),
            ("intermediate_dim", 32),
            ("num_layers", 1),
            ("num_attention_heads", 4),
            ("num_key_value_heads", 2),
            ("head_dim", 4),
            ("layer_types", ["full_attention"]),
        )
    }
OVERRIDES["SmolLM3"] = OVERRIDES["SmolLM"]


def family_names(models, chosen=None):
    """Backbone class names of the module `models` (`keras_hub.models`),
    one per family, sorted; only those of the families in `chosen` (names
    without "Backbone") when it is given."""
    names = sorted(
        n for n in dir(models) if n.endswith("Backbone") and n != "Backbone"
    )
    if chosen:
        names = [n for n in names if n[: -len("Backbone")] in chosen]
    return names


def hub_class(name):
    """The keras-hub model or layer class called `name`, or, for a dotted
    name, the class at that path (one keras-hub does not export)."""
    import importlib

    import keras_hub

    if "." in name:
        module, _, attribute = name.rpartition(".")
        return getattr(importlib.import_module(module), attribute)
    found = getattr(keras_hub.models, name, None)
    return found or getattr(keras_hub.layers, name)


def build(model_class, arguments):
    """`model_class(**arguments)`, each `Nested` argument built first (so
    that a model made under a distribution's scope has its sub-models
    made there too), and each `Attribute` read from its built model."""
    models = {}  # id of a `Nested` to the model built for it

    def built_model(nested):
        if id(nested) not in models:
            nested_class = hub_class(nested.name)
            models[id(nested)] = build(
                nested_class,
                {**tiny_arguments(nested_class), **nested.overrides},
            )
        return models[id(nested)]

    built = {}
    for name, value in arguments.items():
        if isinstance(value, Nested):
            value = built_model(value)
        elif isinstance(value, Attribute):
            value = getattr(built_model(value.nested), value.attribute)
        built[name] = value
    return model_class(**built)


def tiny_arguments(model_class):
    """Constructor arguments for a tiny model of `model_class` (a backbone,
    or a sub-model named in a `Nested`), or raises `TypeError` naming a
    required argument `TINY` does not know."""
    family = model_class.__name__.removesuffix("Backbone")
    overrides = OVERRIDES.get(family, {})
    arguments = {}
    for name, parameter in inspect.signature(
        model_class.__init__
    ).parameters.items():
        if name == "self" or parameter.kind in (
            parameter.VAR_KEYWORD,
            parameter.VAR_POSITIONAL,
        ):
            continue
        if name in overrides:
            arguments[name] = overrides[name]
        elif "dropout" in name:
            arguments[name] = 0.0
        elif parameter.default is inspect.Parameter.empty:
            if name not in TINY:
                raise TypeError(f"no tiny value for required {name!r}")
            arguments[name] = TINY[name]
    arguments.update(overrides)
    return arguments


def model_inputs(backbone, rng, count, images=False):
    """Random inputs for `backbone`: token ids, masks and segment ids of
    `SEQUENCE_LENGTH` by input name, `DIFFUSION_STEPS` for a number of
    steps, and, with `images=True`, uniform floats for its float inputs
    (images, audio features, latents, prompt points; see `random_floats`),
    shaped as `INPUT_SHAPES` says where it names the input, and ones for
    the integer inputs it names. A backbone
    whose one input is not a dict gets an array. Raises `TypeError` for an
    input it cannot fill."""
    inputs = backbone.input
    if isinstance(inputs, (list, tuple)):
        # Several inputs in a list (Gemma3n): filled by their names.
        inputs = {tensor.name: tensor for tensor in inputs}
    family = type(backbone).__name__.removesuffix("Backbone")
    shapes = INPUT_SHAPES.get(family, {})
    if not isinstance(inputs, dict):
        if images and is_float(inputs):
            return random_floats(inputs, rng, count)
        raise TypeError(f"inputs are {type(inputs).__name__}, not a dict")
    x = {}
    for name, tensor in inputs.items():
        shape = (count, SEQUENCE_LENGTH)
        if images and is_float(tensor):
            x[name] = random_floats(tensor, rng, count, shapes.get(name))
        elif name in shapes:
            x[name] = np.ones((count, *shapes[name]), "int32")
        elif "steps" in name and tuple(tensor.shape)[1:] == ():
            # One integer a sample: a diffusion model's number of steps.
            x[name] = np.full((count,), DIFFUSION_STEPS, "int32")
        elif tuple(tensor.shape)[1:] not in ((None,), (SEQUENCE_LENGTH,)):
            raise TypeError(f"input {name!r} has shape {tensor.shape}")
        elif "mask" in name:
            x[name] = np.ones(shape, "int32")
        elif "segment" in name:
            x[name] = np.zeros(shape, "int32")
        elif "token" in name or "ids" in name:
            x[name] = rng.integers(1, VOCABULARY_SIZE, shape).astype("int32")
        else:
            raise TypeError(f"input {name!r} is not tokens or a mask")
    return x


def is_float(tensor):
    """Whether the symbolic `tensor` holds floats (an image, features)."""
    return "float" in str(tensor.dtype)


def random_floats(tensor, rng, count, shape=None):
    """`count` uniform float samples of `shape` (a sample's) or else of the
    shape of the symbolic `tensor`, `IMAGE_SIZE` where a dimension is
    unknown (an image's height and width, an audio clip's frames),
    `AUDIO_SAMPLES` samples of raw audio (a single channel)."""
    if shape is not None:
        return rng.uniform(size=(count, *shape)).astype("float32")
    shape = [IMAGE_SIZE if d is None else d for d in tensor.shape[1:]]
    if tensor.shape[-1] == 1 and len(shape) == 2:  # raw audio samples
        shape[0] = AUDIO_SAMPLES
    return rng.uniform(size=(count, *shape)).astype("float32")


def row_in_subprocess(script, name, timeout, env=None, arguments=()):
    """The row a benchmark `script` prints (as `ROW_PREFIX` then JSON) when
    run as `script --row name *arguments` in a fresh process, or, when the
    process prints none, a row whose "family" is the family and whose
    "error" is the last error line it wrote."""
    done = subprocess.run(
        [sys.executable, os.path.abspath(script), "--row", name, *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(ROW_PREFIX):
            return json.loads(line[len(ROW_PREFIX) :])
    errors = [
        line
        for line in done.stderr.splitlines()
        if "Check failed" in line or "Error" in line
    ]
    last = (errors or done.stderr.splitlines() or ["no output"])[-1]
    return {
        "family": name[: -len("Backbone")],
        "error": f"process ends ({done.returncode}): {last[-120:]}",
    }


def publish(table, path):
    """Prints a benchmark's markdown `table` and writes it to `path`."""
    print(table)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(table + "\n")
