"""The AdamW optimizer: Adam with decoupled weight decay."""

from keras.src.api_export import keras_export
from keras.src.optimizers import adam
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.AdamW"])
@optimizer.with_shared_arguments
class AdamW(adam.Adam):
    """Adam with decoupled weight decay.

    Before each Adam update (see `keras.optimizers.Adam`), each variable not
    excluded with `exclude_from_weight_decay()` is decayed:
    `w = w - learning_rate * weight_decay * w`.

    Args:
        {{learning_rate}}
        weight_decay: Float, the decay rate. Defaults to `0.004`; must not
            be `None`.
        beta_1: Decay rate of the first moment. Defaults to `0.9`.
        beta_2: Decay rate of the second moment. Defaults to `0.999`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        amsgrad: Whether to use the AMSGrad variant. Defaults to `False`.
        {{shared_args}}

    Example:

    >>> adamw = keras.optimizers.AdamW(learning_rate=0.05, weight_decay=0.2)
    >>> w = keras.Variable(2.0)
    >>> adamw.apply([1.0], [w])
    >>> round(float(w.numpy()), 4)
    1.93

    Reference:

    - I. Loshchilov and F. Hutter, "Decoupled Weight Decay
      Regularization", ICLR 2019, https://arxiv.org/abs/1711.05101
    """

    def __init__(
        self,
        learning_rate=0.001,
        weight_decay=0.004,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        **kwargs,
    ):
        if weight_decay is None:
            raise ValueError(
                "Argument `weight_decay` must be a float. Received: "
                "weight_decay=None. (For Adam without weight decay, use "
                "`keras.optimizers.Adam`.)"
            )
        super().__init__(
            learning_rate=learning_rate,
            weight_decay=weight_decay,
            beta_1=beta_1,
            beta_2=beta_2,
            epsilon=epsilon,
            amsgrad=amsgrad,
            **kwargs,
        )
