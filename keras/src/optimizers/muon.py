"""The Muon optimizer."""

import re

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import adam
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Muon"])
@optimizer.with_shared_arguments
class Muon(optimizer.Optimizer):
    """Muon: momentum SGD with orthogonalized updates for weight matrices.

    For each weight matrix (2D, or higher-rank kernels seen as matrices),
    the momentum of the gradients is orthogonalized with a few
    Newton-Schulz iterations (it is replaced by the nearest semi-orthogonal
    matrix, `U V^T` for its SVD `U S V^T`), which balances the update across
    directions:

    ```python
    m = momentum * m + g
    update = g + momentum * m if nesterov else m
    w = w - learning_rate * lr_adjust(newton_schulz(update))
    ```

    `lr_adjust` multiplies by `rms_rate * sqrt(max(rows, cols))`, so that the
    update has about the RMS of an AdamW update and AdamW learning rates and
    weight decays can be reused. Vectors and scalars (biases, norms),
    embeddings (with `exclude_embeddings`) and the variables whose path
    matches an entry of `exclude_layers` are optimized with AdamW instead.

    Args:
        {{learning_rate}}
        adam_beta_1: AdamW's first moment decay. Defaults to `0.9`.
        adam_beta_2: AdamW's second moment decay. Defaults to `0.999`.
        adam_weight_decay: The weight decay of the AdamW variables. Defaults
            to `0.004`.
        epsilon: AdamW's epsilon. Defaults to `1e-7`.
        exclude_layers: Optional list of regular expressions: variables whose
            path matches one use AdamW.
        exclude_embeddings: Whether embedding tables use AdamW. Defaults to
            `True`.
        muon_a: First Newton-Schulz coefficient. Defaults to `3.4445`.
        muon_b: Second Newton-Schulz coefficient. Defaults to `-4.7750`.
        muon_c: Third Newton-Schulz coefficient. Defaults to `2.0315`.
        adam_lr_ratio: Learning rate of the AdamW variables relative to
            `learning_rate`. Defaults to `1.0`.
        momentum: Muon's momentum. Defaults to `0.95`.
        ns_steps: Number of Newton-Schulz iterations. Defaults to `5`.
        nesterov: Whether to use Nesterov momentum. Defaults to `True`.
        rms_rate: Target RMS factor of `lr_adjust`; `None` leaves the
            orthogonalized update unscaled. Defaults to `0.2`.
        {{shared_args}}

    (`weight_decay` is that of the Muon variables; it defaults to `0.1`.)

    Example:

    >>> opt = keras.optimizers.Muon(learning_rate=0.1)
    >>> w = keras.Variable([[1.0, 0.0], [0.0, 1.0]])
    >>> opt.build([w])
    >>> w.shape
    (2, 2)

    Reference:

    - K. Jordan et al., "Muon: An optimizer for hidden layers in neural
      networks", 2024, https://kellerjordan.github.io/posts/muon/
    """

    _config_attributes = (
        "adam_beta_1",
        "adam_beta_2",
        "adam_weight_decay",
        "epsilon",
        "exclude_layers",
        "exclude_embeddings",
        "muon_a",
        "muon_b",
        "muon_c",
        "adam_lr_ratio",
        "momentum",
        "ns_steps",
        "nesterov",
        "rms_rate",
    )
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.001,
        adam_beta_1=0.9,
        adam_beta_2=0.999,
        adam_weight_decay=0.004,
        epsilon=1e-7,
        exclude_layers=None,
        exclude_embeddings=True,
        muon_a=3.4445,
        muon_b=-4.7750,
        muon_c=2.0315,
        adam_lr_ratio=1.0,
        momentum=0.95,
        ns_steps=5,
        nesterov=True,
        rms_rate=0.2,
        weight_decay=0.1,
        **kwargs,
    ):
        super().__init__(
            learning_rate=learning_rate, weight_decay=weight_decay, **kwargs
        )
        self._set_config_attributes(locals())

    def _should_use_adamw(self, variable):
        """Whether `variable` is optimized with AdamW rather than Muon."""
        if len(variable.shape) < 2:
            return True
        path = getattr(variable, "path", None) or variable.name
        if self.exclude_embeddings and "embedding" in path.lower():
            return True
        for pattern in self.exclude_layers or ():
            if re.search(pattern, path):
                return True
        return False

    def build(self, var_list):
        """Creates the slots: `momentum` for Muon variables, `momentum`
        and `velocity` for AdamW variables.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        self._muon_momentums = {}
        self._adam_momentums = {}
        self._adam_velocities = {}
        for variable in var_list:
            key = id(variable)
            if self._should_use_adamw(variable):
                self._adam_momentums[key] = self.add_variable_from_reference(
                    variable, name="adam_momentum"
                )
                self._adam_velocities[key] = self.add_variable_from_reference(
                    variable, name="adam_velocity"
                )
            else:
                self._muon_momentums[key] = self.add_variable_from_reference(
                    variable, name="muon_momentum"
                )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Muon (or AdamW) update rule to `variable`."""
        if self._should_use_adamw(variable):
            self._adamw_update_step(gradient, variable, learning_rate)
        else:
            self._muon_update_step(gradient, variable, learning_rate)

    def _muon_update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        grad = ops.cast(gradient, dtype)
        lr = ops.cast(learning_rate, dtype)
        m = self._muon_momentums[id(variable)]
        self.assign(m, self.momentum * m.value + grad)
        update = grad + self.momentum * m.value if self.nesterov else m.value
        shape = tuple(variable.shape)
        matrix = ops.reshape(update, (-1, shape[-1]))
        orthogonal = self.zeropower_via_newtonschulz5(matrix, self.ns_steps)
        orthogonal = ops.reshape(self.lr_adjust(orthogonal), shape)
        self.assign(variable, variable.value - lr * ops.cast(orthogonal, dtype))

    def _adamw_update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        grad = ops.cast(gradient, dtype)
        lr = ops.cast(learning_rate, dtype) * self.adam_lr_ratio
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.adam_beta_1, dtype)
        beta_2 = ops.cast(self.adam_beta_2, dtype)
        m = self._adam_momentums[id(variable)]
        v = self._adam_velocities[id(variable)]
        self._assign_moving_average(m, grad, beta_1)
        self._assign_moving_average(v, ops.square(grad), beta_2)
        step_size = adam.bias_corrected_step_size(lr, beta_1, beta_2, step)
        self.assign(
            variable,
            variable.value
            - step_size * m.value / (ops.sqrt(v.value) + self.epsilon),
        )

    def lr_adjust(self, x):
        """Scales an orthogonalized update to about the RMS of an AdamW
        update: `x * rms_rate * sqrt(max(rows, cols))` (unchanged when
        `rms_rate` is `None`)."""
        if self.rms_rate is None:
            return x
        rows, cols = x.shape[-2], x.shape[-1]
        return x * self.rms_rate * (max(rows, cols) ** 0.5)

    def zeropower_via_newtonschulz5(self, x, steps):
        """Approximates the orthogonal factor of the matrix `x` (`U V^T` for
        the SVD `U S V^T`) with `steps` Newton-Schulz iterations."""
        x = ops.convert_to_tensor(x)
        transposed = x.shape[-2] > x.shape[-1]
        if transposed:
            x = ops.swapaxes(x, -1, -2)
        norm = ops.sqrt(ops.sum(ops.square(x), axis=(-2, -1), keepdims=True))
        x = x / (norm + 1e-7)
        a, b, c = self.muon_a, self.muon_b, self.muon_c
        for _ in range(steps):
            gram = ops.matmul(x, ops.swapaxes(x, -1, -2))
            poly = b * gram + c * ops.matmul(gram, gram)
            x = a * x + ops.matmul(poly, x)
        if transposed:
            x = ops.swapaxes(x, -1, -2)
        return x

    def _apply_weight_decay(self, variables):
        """Decoupled weight decay: `weight_decay` for the Muon variables,
        `adam_weight_decay` for the AdamW ones."""
        lr = self.learning_rate
        for variable in variables:
            if not self._is_decayed(variable):
                continue
            rate = (
                self.adam_weight_decay
                if self._should_use_adamw(variable)
                else self.weight_decay
            )
            if not rate:
                continue
            factor = ops.cast(rate, variable.dtype) * ops.cast(
                lr, variable.dtype
            )
            self.assign(variable, variable.value - variable.value * factor)
