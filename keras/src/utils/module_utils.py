"""Handles on optional third-party modules, imported on first use."""

import importlib


class LazyModule:
    """A stand-in for a module that is imported only when first needed.

    Attribute access imports the module and forwards to it; `available`
    tells, without raising, whether the import works.

    Args:
        name: The importable module name, e.g. `"optree"`.
        pip_name: The name to `pip install`, if it differs from `name`.
        import_error_msg: The message of the `ImportError` raised when the
            module is used but missing; a default one names `pip_name`.

    Example:

    >>> scipy = LazyModule("scipy")
    >>> if scipy.available:
    ...     scipy.special.erf(0.5)
    """

    def __init__(self, name, pip_name=None, import_error_msg=None):
        self.name = name
        self.pip_name = pip_name or name
        self.import_error_msg = import_error_msg or (
            f"This feature needs the `{self.name}` module. "
            f"Install it with `pip install {self.pip_name}`."
        )
        self.module = None
        self._available = None

    def _is_usable(self, module):
        # A folder named like the module (without `__init__.py`) imports
        # as an empty namespace package: that is not the library.
        return getattr(module, "__file__", None) is not None

    @property
    def available(self):
        if self._available is None:
            try:
                self.initialize()
                self._available = True
            except ImportError:
                self._available = False
        return self._available

    def initialize(self):
        try:
            module = importlib.import_module(self.name)
        except ImportError:
            raise ImportError(self.import_error_msg)
        if not self._is_usable(module):
            raise ImportError(self.import_error_msg)
        self.module = module

    def __getattr__(self, name):
        if name.startswith("__") or name.startswith("_api_export"):
            # Special names and the API generator's probes must not import
            # the module (`copy`, `pickle` and `namex` look these up).
            raise AttributeError(name)
        if self.module is None:
            self.initialize()
        return getattr(self.module, name)

    def __repr__(self):
        return f"LazyModule({self.name})"


tensorflow = LazyModule("tensorflow")
scipy = LazyModule("scipy")
optree = LazyModule("optree")
dmtree = LazyModule("tree", pip_name="dm-tree")
grain = LazyModule("grain")
ocp = LazyModule("orbax.checkpoint", pip_name="orbax-checkpoint")


def grain_for_format_arg():
    """Imports and returns `grain` for a dataset utility called with
    `format="grain"`; the `ImportError` when it is missing suggests
    `format="tf"` instead."""
    try:
        import grain
    except ImportError as e:
        raise ImportError(
            "`format='grain'` needs the `grain` package (`pip install "
            "grain`); use `format='tf'` otherwise."
        ) from e
    return grain
