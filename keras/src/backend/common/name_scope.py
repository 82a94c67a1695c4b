"""Name scopes: they give variables their `path` (e.g. `model/dense/kernel`)."""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


@keras_export("keras.name_scope")
class name_scope(global_state.GlobalStackScope):
    """Pushes `name` onto the current path while the scope is open.

    Variables created inside the scope (by layers, optimizers or directly)
    get paths prefixed with the names of the open scopes, e.g.
    `"block/dense/kernel"`.

    Args:
        name: The scope's name (no `/`).
        caller: Optional object opening the scope (e.g. a layer). Re-entering
            a scope opened by the same caller does not repeat its name.
        deduplicate: Whether a scope with the same name and caller as the
            innermost open scope is skipped (default `True`).
        override_parent: Optional path that replaces the enclosing scopes'
            path for this scope and the scopes opened inside it.

    Example:

    ```python
    with keras.name_scope("encoder"):
        scale = keras.Variable(1.0, name="scale")
    scale.path  # "encoder/scale"
    ```
    """

    _stack_name = "name_scope_stack"

    def __init__(
        self, name, caller=None, deduplicate=True, override_parent=None
    ):
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string without '/'. "
                f"Received: name={name}"
            )
        self.name = name
        self.caller = caller
        self.deduplicate = deduplicate
        self.override_parent = override_parent

    def __enter__(self):
        stack = self._stack()
        top = stack[-1] if stack else None
        repeated = (
            self.deduplicate
            and top is not None
            and self.caller is not None
            and top.caller is self.caller
            and top.name == self.name
        )
        if not repeated:
            self._push()
        return self


def current_path():
    """The `/`-joined names of the open name scopes (`""` when none)."""
    stack = global_state.get_global_attribute("name_scope_stack")
    if not stack:
        return ""
    names = []
    for scope in reversed(stack):
        names.append(scope.name)
        if scope.override_parent is not None:
            parent = scope.override_parent.strip("/")
            if parent:
                names.append(parent)
            break
    return "/".join(reversed(names))
