"""Name scopes: they give variables their `path` (e.g. `model/dense/kernel`)."""

from keras.src.backend.common import global_state


class name_scope:
    """Pushes `name` onto the current path while the scope is open.

    Args:
        name: The scope's name (no `/`).
    """

    def __init__(self, name, caller=None):
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string without '/'. "
                f"Received: name={name}"
            )
        self.name = name
        self.caller = caller
        self._pushed = False

    def __enter__(self):
        stack = global_state.get_global_attribute(
            "name_scope_stack", default=[], set_to_default=True
        )
        # Re-entering the scope of the object that is already on top (a layer
        # calling its own helper) does not repeat its name.
        if not (
            stack
            and self.caller is not None
            and stack[-1].caller is self.caller
        ):
            stack.append(self)
            self._pushed = True
        return self

    def __exit__(self, *args, **kwargs):
        if self._pushed:
            stack = global_state.get_global_attribute("name_scope_stack")
            stack.pop()
            self._pushed = False


def current_path():
    stack = global_state.get_global_attribute("name_scope_stack")
    if not stack:
        return ""
    return "/".join(scope.name for scope in stack)
