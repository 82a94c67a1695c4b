import collections

import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src import tree
from keras.src.tree import dmtree_impl
from keras.src.tree import optree_impl
from keras.src.utils import tracking

Pair = collections.namedtuple("Pair", ["left", "right"])

for _cls in (
    tracking.TrackedList,
    tracking.TrackedDict,
    tracking.TrackedOrderedDict,
    tracking.TrackedSet,
):
    dmtree_impl.register_tree_node_class(_cls)

IMPLEMENTATIONS = [
    {"testcase_name": "optree", "impl": optree_impl},
    {"testcase_name": "dmtree", "impl": dmtree_impl},
]


class TreeImplementationsTest(testing.TestCase):
    @parameterized.named_parameters(IMPLEMENTATIONS)
    def test_flatten_orders_and_keeps_none(self, impl):
        structure = {
            "z": [None, 3],
            "m": collections.OrderedDict([("q", 4), ("p", 5)]),
            "a": Pair(left="x", right=np.zeros(2)),
        }
        flat = impl.flatten(structure)
        self.assertEqual(flat[0], "x")
        self.assertIsInstance(flat[1], np.ndarray)
        self.assertEqual(flat[2:], [4, 5, None, 3])
        paths = [path for path, _ in impl.flatten_with_path(structure)]
        self.assertEqual(
            paths,
            [("a", 0), ("a", 1), ("m", "q"), ("m", "p"), ("z", 0), ("z", 1)],
        )

    @parameterized.named_parameters(IMPLEMENTATIONS)
    def test_pack_round_trip(self, impl):
        structure = (
            tracking.TrackedDict({"w": 0, "b": 0}),
            collections.deque([0, [0]]),
        )
        packed = impl.pack_sequence_as(structure, ["B", "W", 7, 8])
        self.assertIsInstance(packed[0], tracking.TrackedDict)
        self.assertEqual(dict(packed[0]), {"b": "B", "w": "W"})
        self.assertEqual(packed[1], collections.deque([7, [8]]))
        with self.assertRaisesRegex(ValueError, "Too few leaves"):
            impl.pack_sequence_as(structure, [1, 2, 3])

    @parameterized.named_parameters(IMPLEMENTATIONS)
    def test_map_and_structure_checks(self, impl):
        out = impl.map_structure(
            lambda a, b: a - b, {"k": (9, [5])}, {"k": (1, [2])}
        )
        self.assertEqual(out, {"k": (8, [3])})
        with self.assertRaisesRegex(ValueError, "same nested structure"):
            impl.assert_same_structure([1, 2], [1, [2]])
        with self.assertRaisesRegex(ValueError, "arity mismatch"):
            impl.assert_same_structure((1, 2, 3), (1, 2))
        impl.assert_same_paths(Pair(1, 2), [None, "b"])
        with self.assertRaisesRegex(ValueError, "same paths"):
            impl.assert_same_paths({"a": 1}, {"b": 1})

    @parameterized.named_parameters(IMPLEMENTATIONS)
    def test_traverse_and_shapes(self, impl):
        def drop_strings(x):
            return tree.MAP_TO_NONE if isinstance(x, str) else None

        self.assertEqual(
            impl.traverse(drop_strings, ["s", (1, "t")]), [None, (1, None)]
        )
        self.assertEqual(
            impl.lists_to_tuples({"s": [1, [2, 3]]}), {"s": (1, (2, 3))}
        )
        self.assertEqual(
            impl.map_shape_structure(
                lambda s: s[-1] if isinstance(s, tuple) else "?",
                {"a": (4, 6), "b": [(2, None, 5)], "c": "label"},
            ),
            {"a": 6, "b": [5], "c": "?"},
        )
        self.assertEqual(
            impl.map_structure_up_to(
                [None, None], len, [[1, 2, 3], {"u": 1, "v": 2}]
            ),
            [3, 2],
        )


class PublicTreeTest(testing.TestCase):
    def test_public_api(self):
        import keras

        self.assertIs(keras.tree.MAP_TO_NONE, tree.MAP_TO_NONE)
        self.assertEqual(keras.tree.flatten({"y": 2, "x": (1,)}), [1, 2])
        self.assertTrue(keras.tree.is_nested(tracking.TrackedSet([1])))
        self.assertFalse(keras.tree.is_nested({1, 2}))
        with self.assertRaisesRegex(TypeError, "callable"):
            keras.tree.map_structure(None, [1])


class TrackingTest(testing.TestCase):
    def test_tracked_containers_update_the_store(self):
        strings = []
        tracker = tracking.Tracker(
            {"strings": (lambda x: isinstance(x, str), strings)}
        )
        words = tracker.track(["one", 2, ["two"]])
        self.assertIsInstance(words, tracking.TrackedList)
        self.assertIsInstance(words[2], tracking.TrackedList)
        self.assertEqual(strings, ["one", "two"])
        words[2].append("three")
        words.pop(0)
        self.assertEqual(strings, ["two", "three"])
        names = tracker.track({"k": "four"})
        names["k"] = "five"
        self.assertEqual(strings, ["two", "three", "five"])
        with tracking.DotNotTrackScope():
            words.append("six")
        self.assertEqual(strings, ["two", "three", "five"])
        tracker.lock("locked")
        with self.assertRaisesRegex(ValueError, "locked"):
            words.append("seven")
