import numpy as np

from keras.src import backend
from keras.src import testing


class ConvertToNumpyTest(testing.TestCase):
    def test_tensors_variables_and_lists(self):
        tensor = backend.convert_to_tensor([1.0, 2.0])
        self.assertIsInstance(self.convert_to_numpy(tensor), np.ndarray)
        self.assertAllEqual(self.convert_to_numpy(tensor), [1.0, 2.0])
        variable = backend.Variable(np.ones((2,)))
        self.assertAllEqual(self.convert_to_numpy(variable), [1.0, 1.0])
        pair = self.convert_to_numpy([tensor, tensor])
        self.assertEqual(pair.shape, (2, 2))
        self.assertEqual(self.convert_to_numpy(3.0), 3.0)
