"""Loading dataset files that hold pickled Python objects.

IMDB and Reuters store their ragged sequences as object arrays, which
NumPy can only read by unpickling, and the CIFAR batches are pickles. A
pickle can call any importable function, so a tampered file could run
code; these files are unpickled with an allow-list instead: NumPy arrays
and dtypes, and Python's own containers and scalars.
"""

import io
import pickle
import zipfile

import numpy as np

# The only globals an object member may reference: what NumPy needs to
# rebuild arrays (under NumPy 1 and 2 module names) and dtypes, and the
# sets (lists, dicts, tuples, strings and numbers need no global).
_ALLOWED_GLOBALS = frozenset(
    {
        ("numpy.core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy", "ndarray"),
        ("numpy", "dtype"),
        ("builtins", "set"),
        ("builtins", "frozenset"),
    }
)


class AllowListUnpickler(pickle.Unpickler):
    """A `pickle.Unpickler` that only rebuilds NumPy arrays, dtypes and
    built-in values, and raises `pickle.UnpicklingError` on anything
    else."""

    def find_class(self, module, name):
        if (module, name) not in _ALLOWED_GLOBALS:
            raise pickle.UnpicklingError(
                f"Refusing to load `{module}.{name}` from a dataset file: "
                "only NumPy arrays and plain Python values may be stored "
                "in one. The file may be corrupted or tampered with; "
                "delete it to download it again."
            )
        return super().find_class(module, name)


def _read_member(data):
    """The array stored in the `.npy` bytes `data`."""
    stream = io.BytesIO(data)
    version = np.lib.format.read_magic(stream)
    read_header = (
        np.lib.format.read_array_header_1_0
        if version == (1, 0)
        else np.lib.format.read_array_header_2_0
    )
    _, _, dtype = read_header(stream)
    if not dtype.hasobject:
        stream.seek(0)
        return np.lib.format.read_array(stream, allow_pickle=False)
    # After the header, an object array is one pickled `ndarray`.
    array = AllowListUnpickler(stream).load()
    if not isinstance(array, np.ndarray):
        raise pickle.UnpicklingError(
            "Refusing to load an object member that is not a NumPy array "
            f"(found {type(array).__name__}) from a dataset archive."
        )
    return array


def load_npz(path):
    """Reads every array of the `.npz` archive at `path`, unpickling
    object arrays with an allow-list (see the module docstring).

    Args:
        path: Path of an archive written by `np.savez` or
            `np.savez_compressed`.

    Returns:
        A dict `{name: array}` (names without the `.npy` suffix).

    Raises:
        pickle.UnpicklingError: if an object array references anything
            but NumPy arrays, dtypes and built-in containers.
    """
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            name = member[: -len(".npy")] if member.endswith(".npy") else member
            arrays[name] = _read_member(archive.read(member))
    return arrays
