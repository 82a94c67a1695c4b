"""The fused attention kernel against the plain path, on CPU.

The kernel runs in Pallas' interpreter here (`interpret_on_cpu()`), so CI
checks on CPU the computation a TPU runs: values and gradients for every
mask the kernel takes, grouped-query heads, logit soft-capping, and one
kernel per shard on a (4, 2) mesh.
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.backend.jax import attention_kernel
from keras.src.backend.jax import nn
from keras.src.testing import parity

B, T, D = 2, 256, 32


def _inputs(heads=4, kv_heads=2, seq=T, dtype="float32", batch=B):
    rng = np.random.default_rng(0)
    q = rng.normal(size=(batch, seq, heads, D)).astype(dtype)
    k = rng.normal(size=(batch, seq, kv_heads, D)).astype(dtype)
    v = rng.normal(size=(batch, seq, kv_heads, D)).astype(dtype)
    return q, k, v


def _padding(batch=B, seq=T):
    """Sample 0 lacks its last 56 keys; sample 1 its first 100, so its
    first 100 causal queries see no key at all."""
    valid = np.ones((batch, 1, 1, seq), bool)
    valid[0, ..., seq - 56 :] = False
    valid[1, ..., :100] = False
    return valid


def _attention(flash, **kwargs):
    def run(q, k, v):
        return nn.dot_product_attention(
            q, k, v, flash_attention=flash, **kwargs
        )

    return run


def _uses_kernel(fn, *args):
    return "pallas_call" in str(jax.make_jaxpr(fn)(*args))


def _assert_gradients_close(actual, desired):
    for a, d in zip(actual, desired):
        scale = float(np.max(np.abs(d)))
        np.testing.assert_allclose(
            a, d, rtol=0, atol=parity.GRADIENT_RTOL * scale
        )


@pytest.mark.parity
class KernelValuesTest(testing.TestCase):
    @parameterized.product(
        causal=[False, True], padded=[False, True], kv_heads=[4, 2, 1]
    )
    def test_values_and_gradients(self, causal, padded, kv_heads):
        heads = 4
        q, k, v = _inputs(heads, kv_heads)
        kwargs = dict(is_causal=causal, mask=_padding() if padded else None)

        def loss(fn):
            return lambda q, k, v: jnp.sum(fn(q, k, v) ** 2)

        with attention_kernel.interpret_on_cpu():
            fused = _attention(True, **kwargs)
            plain = _attention(False, **kwargs)
            self.assertTrue(_uses_kernel(fused, q, k, v))
            self.assertFalse(_uses_kernel(plain, q, k, v))
            parity.assert_outputs_close(fused(q, k, v), plain(q, k, v))
            grads = jax.grad(loss(fused), argnums=(0, 1, 2))(q, k, v)
            expected = jax.grad(loss(plain), argnums=(0, 1, 2))(q, k, v)
        _assert_gradients_close(grads, expected)

    def test_soft_cap(self):
        q, k, v = _inputs()
        q = q * 4.0  # logits large enough for the cap to matter
        with attention_kernel.interpret_on_cpu():
            kwargs = dict(is_causal=True, attn_logits_soft_cap=5.0)
            fused = _attention(True, **kwargs)(q, k, v)
            plain = _attention(False, **kwargs)(q, k, v)
            uncapped = _attention(False, is_causal=True)(q, k, v)
        parity.assert_outputs_close(fused, plain)
        self.assertGreater(float(np.max(np.abs(plain - uncapped))), 0.1)

    def test_bfloat16(self):
        q, k, v = _inputs(dtype="float32")
        cast = [jnp.asarray(x, "bfloat16") for x in (q, k, v)]
        with attention_kernel.interpret_on_cpu():
            fused = _attention(True, is_causal=True)(*cast)
        reference = _attention(False, is_causal=True)(q, k, v)
        self.assertEqual(fused.dtype, jnp.bfloat16)
        # Inputs rounded to bfloat16 (8 bits of mantissa): outputs, convex
        # combinations of the values, move by a few of its ulps.
        np.testing.assert_allclose(
            np.asarray(fused, "float32"), reference, atol=0.05, rtol=0
        )

    def test_scale(self):
        q, k, v = _inputs()
        with attention_kernel.interpret_on_cpu():
            fused = _attention(True, scale=0.3)(q, k, v)
            plain = _attention(False, scale=0.3)(q, k, v)
        parity.assert_outputs_close(fused, plain)


class QueriesSeeingKeysTest(testing.TestCase):
    @parameterized.product(causal=[False, True], window=[None, 1, 3, 50])
    def test_against_the_dense_mask(self, causal, window):
        rng = np.random.default_rng(2)
        valid = rng.random((3, 24)) < 0.2
        valid[2] = False  # a sample without keys: all its queries blind
        t, s = np.arange(20)[:, None], np.arange(24)[None, :]
        visible = np.ones((20, 24), bool)
        if causal:
            visible &= s <= t
        if window is not None:
            visible &= np.abs(t - s) < window
        expected = np.any(visible[None] & valid[:, None, :], axis=-1)
        got = attention_kernel.queries_seeing_keys(valid, 20, causal, window)
        np.testing.assert_array_equal(got, expected)
        self.assertFalse(np.all(expected))  # some queries are blind


class KernelChoiceTest(testing.TestCase):
    def test_true_without_kernel_names_the_reason(self):
        q, k, v = _inputs()
        with self.assertRaisesRegex(ValueError, "exists on TPU only"):
            nn.dot_product_attention(q, k, v, flash_attention=True)
        with attention_kernel.interpret_on_cpu():
            bias = np.zeros((B, 4, T, T), "float32")
            with self.assertRaisesRegex(ValueError, "additive `bias`"):
                nn.dot_product_attention(
                    q, k, v, bias=bias, flash_attention=True
                )
            per_head_mask = np.ones((B, 4, T, T), bool)
            with self.assertRaisesRegex(ValueError, "has no fused form"):
                nn.dot_product_attention(
                    q, k, v, mask=per_head_mask, flash_attention=True
                )
            short = [x[:, :100] for x in (q, k, v)]
            with self.assertRaisesRegex(ValueError, "multiple of 128"):
                nn.dot_product_attention(*short, flash_attention=True)

    def test_none_picks_the_kernel_when_it_can(self):
        # A new function for each check: JAX caches a function's trace, and
        # the interpreter switch is not part of its key.
        def uses_kernel(*args):
            return _uses_kernel(_attention(None, is_causal=True), *args)

        q, k, v = _inputs()
        self.assertFalse(uses_kernel(q, k, v))  # no TPU, no kernel
        with attention_kernel.interpret_on_cpu():
            self.assertTrue(uses_kernel(q, k, v))
            self.assertFalse(uses_kernel(*[x[:, :100] for x in (q, k, v)]))
            try:
                keras.config.disable_flash_attention()
                self.assertFalse(uses_kernel(q, k, v))
                keras.config.enable_flash_attention()
                self.assertTrue(uses_kernel(q, k, v))
                # On, the global setting still falls back where the kernel
                # does not apply (as upstream, it raises nowhere).
                self.assertFalse(uses_kernel(*[x[:, :100] for x in (q, k, v)]))
            finally:
                global_state.set_global_attribute("flash_attention", None)


@pytest.mark.parity
@pytest.mark.multi_device
class KernelOnMeshTest(testing.TestCase):
    def tearDown(self):
        keras.distribution.set_distribution(None)
        super().tearDown()

    def _distribute(self, shape, axis_names):
        """Sets a `ModelParallel` on a mesh of `shape`, the batch over the
        axis named "batch"."""
        mesh = keras.distribution.DeviceMesh(shape, axis_names)
        keras.distribution.set_distribution(
            keras.distribution.ModelParallel(
                layout_map=keras.distribution.LayoutMap(mesh),
                batch_dim_name="batch",
            )
        )

    def test_one_kernel_per_shard(self):
        q, k, v = _inputs(heads=8, kv_heads=4, batch=4)
        mask = _padding(batch=4)
        attention = _attention(True, is_causal=True, mask=mask)
        with attention_kernel.interpret_on_cpu():
            expected = _attention(False, is_causal=True, mask=mask)(q, k, v)
            self._distribute((2, 4), ("batch", "model"))
            jaxpr = str(jax.make_jaxpr(attention)(q, k, v))
            out = jax.jit(attention)(q, k, v)
        self.assertIn("shard_map", jaxpr)
        parity.assert_outputs_close(out, expected)
        # Batch over "batch", heads over "model": each device holds one
        # quarter of the heads of half the samples.
        self.assertEqual(out.sharding.shard_shape(out.shape), (2, T, 2, D))

    def test_dense_mask_on_a_mesh(self):
        q, k, v = _inputs(heads=8, kv_heads=4, batch=4)
        mask = np.concatenate([_dense_mask("causal")] * 2)
        attention = _attention(None, mask=mask)
        with attention_kernel.interpret_on_cpu():
            expected = _attention(False, mask=mask)(q, k, v)
            self._distribute((4, 2), ("model", "batch"))
            jaxpr = str(jax.make_jaxpr(attention)(q, k, v))
            out = jax.jit(attention)(q, k, v)
        self.assertIn("shard_map", jaxpr)
        parity.assert_outputs_close(out, expected)

    def test_heads_that_do_not_divide_stay_whole(self):
        q, k, v = _inputs(heads=4, kv_heads=2, batch=4)
        with attention_kernel.interpret_on_cpu():
            expected = _attention(False, is_causal=True)(q, k, v)
            self._distribute((4, 2), ("model", "batch"))
            out = jax.jit(_attention(True, is_causal=True))(q, k, v)
        parity.assert_outputs_close(out, expected)
        self.assertEqual(out.sharding.shard_shape(out.shape), (2, T, 4, D))


@pytest.mark.parity
class LayersOnKernelTest(testing.TestCase):
    def _compare(self, make_layer, call_kwargs):
        fused_layer = make_layer(flash_attention=None)
        plain_layer = make_layer(flash_attention=False)
        x = np.random.default_rng(1).normal(size=(B, T, 16)).astype("float32")
        fused_layer(x, x)
        plain_layer(x, x)
        plain_layer.set_weights(fused_layer.get_weights())
        with attention_kernel.interpret_on_cpu():
            call = lambda layer: layer(x, x, **call_kwargs)  # noqa: E731
            jaxpr = str(jax.make_jaxpr(lambda: call(fused_layer))())
            # A mask of no kernel form still compiles the kernel branches
            # next to the plain one (`attend_dense`).
            self.assertIn("pallas_call", jaxpr)
            self.assertNotIn(
                "pallas_call", str(jax.make_jaxpr(lambda: call(plain_layer))())
            )
            parity.assert_outputs_close(call(fused_layer), call(plain_layer))

    def _masks(self):
        valid = _padding()[:, 0, 0, :]
        query_mask = np.ones((B, T), bool)
        query_mask[0, -10:] = False
        return dict(query_mask=query_mask, value_mask=valid)

    # A window of 40 leaves the first queries of sample 1 (first 100 keys
    # padded) and the last ones of sample 0 (last 56 padded) blind.
    @parameterized.product(
        layer=["MultiHeadAttention", "GroupedQueryAttention"],
        causal=[False, True],
        window=[None, 40],
    )
    def test_attention_layer(self, layer, causal, window):
        options = {
            "MultiHeadAttention": dict(num_heads=4, key_dim=32),
            "GroupedQueryAttention": dict(
                head_dim=32, num_query_heads=4, num_key_value_heads=2
            ),
        }[layer]

        def make(flash_attention):
            return getattr(keras.layers, layer)(
                sliding_window=window,
                flash_attention=flash_attention,
                **options,
            )

        self._compare(make, dict(use_causal_mask=causal, **self._masks()))

    @parameterized.parameters("causal", "padding", "keys", "random")
    def test_multi_head_attention_built_mask(self, form):
        # keras-hub's layers pass masks they built to `_compute_attention`
        # (or as `attention_mask`): matched at run time.
        def make(flash_attention):
            return keras.layers.MultiHeadAttention(
                num_heads=4, key_dim=32, flash_attention=flash_attention
            )

        mask = _dense_mask(form)[:, 0]
        if form == "keys":
            mask = mask[:, :1]  # (B, 1, S), as keras-hub's BERT passes
        self._compare(make, dict(attention_mask=mask))

    def test_grouped_query_attention_built_mask(self):
        def make(flash_attention):
            return keras.layers.GroupedQueryAttention(
                head_dim=32,
                num_query_heads=4,
                num_key_value_heads=2,
                flash_attention=flash_attention,
            )

        mask = _dense_mask("causal")[:, 0]
        self._compare(make, dict(attention_mask=mask))


def _dense_mask(form):
    """`(B, 1, T, T)` masks: "causal" (causal and key padding), "padding"
    (query and key padding), "keys" (key padding on every row), "random"
    (no kernel form)."""
    valid = _padding()[:, 0, 0, :]
    live = np.ones((B, T), bool)
    live[0, -10:] = False
    if form == "causal":
        mask = np.tri(T, dtype=bool)[None] & valid[:, None, :]
    elif form == "padding":
        mask = live[:, :, None] & valid[:, None, :]
    elif form == "keys":
        mask = np.broadcast_to(valid[:, None, :], (B, T, T))
    else:
        mask = np.random.default_rng(3).random((B, T, T)) < 0.5
    return mask[:, None]


@pytest.mark.parity
class DenseMaskTest(testing.TestCase):
    @parameterized.product(
        form=["causal", "padding", "random"], is_causal=[False, True]
    )
    def test_values_and_gradients(self, form, is_causal):
        q, k, v = _inputs(4, 2)
        kwargs = dict(mask=_dense_mask(form), is_causal=is_causal)

        def loss(fn):
            return lambda q, k, v: jnp.sum(fn(q, k, v) ** 2)

        with attention_kernel.interpret_on_cpu():
            fused = _attention(None, **kwargs)
            plain = _attention(False, **kwargs)
            jaxpr = str(jax.make_jaxpr(fused)(q, k, v))
            parity.assert_outputs_close(fused(q, k, v), plain(q, k, v))
            grads = jax.grad(loss(fused), argnums=(0, 1, 2))(q, k, v)
            expected = jax.grad(loss(plain), argnums=(0, 1, 2))(q, k, v)
        _assert_gradients_close(grads, expected)
        # One program: the kernel branches and the plain one, picked at
        # run time.
        self.assertIn("pallas_call", jaxpr)
        self.assertIn("cond", jaxpr)

    def test_branch_taken(self):
        q, k, v = _inputs(4, 2)
        taken = []

        def plain(*args):
            jax.debug.callback(lambda: taken.append("plain"))
            return nn._plain_attention(
                *args, bias=None, scale=0.25, is_causal=False, soft_cap=None
            )

        with attention_kernel.interpret_on_cpu():
            for form in ("causal", "padding", "random"):
                attention_kernel.attend_dense(
                    q,
                    k,
                    v,
                    _dense_mask(form),
                    scale=0.25,
                    is_causal=False,
                    soft_cap=None,
                    blind="mean",
                    plain=plain,
                )
                jax.effects_barrier()
        self.assertEqual(taken, ["plain"])

    def test_no_score_sized_residuals(self):
        import contextlib
        import io

        from jax.ad_checkpoint import print_saved_residuals

        q, k, v = _inputs(4, 2)
        mask = _dense_mask("causal")
        printed = io.StringIO()
        with attention_kernel.interpret_on_cpu():
            with contextlib.redirect_stdout(printed):
                print_saved_residuals(
                    lambda q, k, v: jnp.sum(
                        nn.dot_product_attention(q, k, v, mask=mask)
                    ),
                    q,
                    k,
                    v,
                )
        # The plain branch is rematerialized: no float (.., T, S) tensor is
        # kept for the backward pass (only the boolean mask itself).
        for line in printed.getvalue().splitlines():
            if f"{T},{T}]" in line:
                self.assertTrue(line.startswith("bool"), line)

    def test_true_with_a_dense_mask_names_the_reason(self):
        q, k, v = _inputs(4, 2)
        with attention_kernel.interpret_on_cpu():
            with self.assertRaisesRegex(ValueError, "only at run time"):
                nn.dot_product_attention(
                    q, k, v, mask=_dense_mask("causal"), flash_attention=True
                )
