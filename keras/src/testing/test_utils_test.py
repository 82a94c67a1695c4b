import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.testing import test_utils


def _int8_dense():
    layer = layers.Dense(4, dtype="int8_from_float32")
    layer.build((None, 8))
    return layer


class SerializedVariablesTest(testing.TestCase):
    def test_names_follow_the_saved_order(self):
        layer = _int8_dense()
        self.assertEqual(
            test_utils.serialized_variable_names(layer),
            ["kernel", "bias", "kernel_scale"],
        )
        store = {}
        layer.save_own_variables(store)
        self.assertEqual(sorted(store), ["0", "1", "2"])

    def test_randomize_fills_each_variable_reproducibly(self):
        layer = _int8_dense()
        test_utils.randomize_serialized_variables(layer)
        first = test_utils.positional_store(layer)
        kernel, bias, scale = first["0"], first["1"], first["2"]
        self.assertEqual(kernel.dtype, np.int8)
        self.assertAllInRange(kernel, -8, 8)
        # 32 draws from 17 integers cannot all be zero by chance here.
        self.assertGreater(np.count_nonzero(kernel), 0)
        self.assertAllInRange(bias, 0.0, 1.0)
        self.assertAllInRange(scale, 0.0, 1.0)
        # The generator runs on in saved order: the bias continues it.
        rng = np.random.RandomState(1234)
        self.assertAllEqual(kernel, rng.randint(-8, 9, size=(8, 4)))
        self.assertAllClose(bias, rng.random_sample(4))

        test_utils.randomize_serialized_variables(layer)
        again = test_utils.positional_store(layer)
        for key in first:
            self.assertAllEqual(again[key], first[key])
        test_utils.randomize_serialized_variables(layer, seed=1)
        self.assertNotAllClose(
            test_utils.positional_store(layer)["1"], first["1"]
        )

    def test_unsigned_codes_stay_non_negative(self):
        layer = layers.Dense(4, dtype="ternary_from_float32")
        layer.build((None, 10))
        test_utils.randomize_serialized_variables(layer)
        packed = test_utils.positional_store(layer)["0"]
        self.assertEqual(packed.dtype, np.uint8)
        self.assertAllInRange(packed, 0, 8)

    def test_positional_store_loads_into_a_fresh_layer(self):
        source = _int8_dense()
        test_utils.randomize_serialized_variables(source)
        target = _int8_dense()
        target.load_own_variables(test_utils.positional_store(source))
        test_utils.assert_serialized_variables_equal(self, source, target)

    def test_assert_equal_reports_a_difference(self):
        source = _int8_dense()
        test_utils.randomize_serialized_variables(source)
        target = _int8_dense()
        with self.assertRaisesRegex(AssertionError, "'kernel'"):
            test_utils.assert_serialized_variables_equal(self, source, target)

    def test_assert_equal_reports_other_variables(self):
        source = _int8_dense()
        target = layers.Dense(4)
        target.build((None, 8))
        with self.assertRaises(AssertionError):
            test_utils.assert_serialized_variables_equal(self, source, target)
