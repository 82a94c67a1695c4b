"""The Adafactor optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Adafactor"])
@optimizer.with_shared_arguments
class Adafactor(optimizer.Optimizer):
    """Adafactor: Adam-like steps with factored second moments.

    For a variable of rank 2 or more, the moving average of the squared
    gradients is not stored in full: only its means over the last axis (`r`)
    and over the second-to-last axis (`c`) are kept, and the full estimate is
    rebuilt as their (normalized) outer product. This saves memory for large
    weight matrices. Vectors and scalars keep a full average `v`.

    At step `t` (from 1):

    ```python
    rho = 1 - t ** beta_2_decay          # grows from 0 towards 1
    lr = min(learning_rate, 1 / sqrt(t))
    alpha = max(epsilon_2, rms(w)) * lr
    v = rho * v + (1 - rho) * (g ** 2 + epsilon_1)  # factored for matrices
    u = g / sqrt(v)
    u = u / max(1, rms(u) / clip_threshold)
    w = w - alpha * u
    ```

    Args:
        {{learning_rate}}
        beta_2_decay: Negative exponent of the decay schedule of the second
            moment. Defaults to `-0.8`.
        epsilon_1: Small constant added to the squared gradients. Defaults to
            `1e-30`.
        epsilon_2: Lower bound of the scale of the step (the RMS of the
            variable). Defaults to `1e-3`.
        clip_threshold: Bound on the RMS of the normalized update. Defaults
            to `1.0`.
        relative_step: Recorded in the config for compatibility; the
            `1 / sqrt(t)` cap of the learning rate always applies.
            Defaults to `True`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Adafactor(learning_rate=0.5)
    >>> w = keras.Variable([3.0, 4.0])
    >>> opt.apply([[1.0, -1.0]], [w])
    >>> [round(float(x), 4) for x in w.numpy()]
    [1.2322, 5.7678]

    Reference:

    - N. Shazeer and M. Stern, "Adafactor: Adaptive Learning Rates with
      Sublinear Memory Cost", 2018, https://arxiv.org/abs/1804.04235
    """

    _config_attributes = (
        "beta_2_decay",
        "epsilon_1",
        "epsilon_2",
        "clip_threshold",
        "relative_step",
    )

    def __init__(
        self,
        learning_rate=0.001,
        beta_2_decay=-0.8,
        epsilon_1=1e-30,
        epsilon_2=1e-3,
        clip_threshold=1.0,
        relative_step=True,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def build(self, var_list):
        """Creates the second-moment slots of each variable: the factors
        `r` and `c` (placeholders for rank < 2) and the full `v`.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        self._r = []
        self._c = []
        self._v = []
        for variable in var_list:
            shape = tuple(variable.shape)
            if len(shape) < 2:
                row_shape = col_shape = ()
            else:
                row_shape = shape[:-1]
                col_shape = shape[:-2] + shape[-1:]
            prefix = variable.path.replace("/", "_")
            self._r.append(
                self.add_variable(
                    row_shape, dtype=variable.dtype, name=f"{prefix}_r"
                )
            )
            self._c.append(
                self.add_variable(
                    col_shape, dtype=variable.dtype, name=f"{prefix}_c"
                )
            )
            self._v.append(self.add_variable_from_reference(variable, name="v"))

    @staticmethod
    def _rms(x):
        x = ops.convert_to_tensor(x, sparse=False)
        return ops.sqrt(ops.mean(ops.square(x)))

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adafactor update rule to `variable`."""
        grad, lr, step = self._cast_like(
            variable, gradient, learning_rate, self.iterations + 1
        )
        rho = 1.0 - ops.power(step, self.beta_2_decay)
        # The step size never exceeds 1 / sqrt(t).
        lr = ops.minimum(lr, 1.0 / ops.sqrt(step))
        alpha = ops.maximum(self.epsilon_2, self._rms(variable.value)) * lr
        squared = ops.add(ops.square(grad), self.epsilon_1)
        index = self._get_variable_index(variable)
        v = self._v[index]
        if len(variable.shape) >= 2:
            r = self._r[index]
            c = self._c[index]
            self.assign(
                r, rho * r.value + (1 - rho) * ops.mean(squared, axis=-1)
            )
            self.assign(
                c, rho * c.value + (1 - rho) * ops.mean(squared, axis=-2)
            )
            row_share = r.value / ops.mean(r.value, axis=-1, keepdims=True)
            self.assign(
                v,
                ops.expand_dims(row_share, -1) * ops.expand_dims(c.value, -2),
            )
        else:
            self.assign(v, rho * v.value + (1 - rho) * squared)
        # A sparse gradient gives a sparse `update`: only the rows it
        # touches change.
        update = ops.multiply(grad, ops.rsqrt(v.value))
        update = ops.divide(
            update, ops.maximum(1.0, self._rms(update) / self.clip_threshold)
        )
        self.assign_sub(variable, ops.multiply(update, alpha))
