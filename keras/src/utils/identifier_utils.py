"""The plumbing behind `get()`, `serialize()` and `deserialize()` of the
packages holding a table of built-in objects (losses, metrics, activations,
initializers, regularizers, constraints, optimizers).

Each package keeps its own table (names to built-in classes or functions)
and its own error wording; these helpers do the shared work. They import
`serialization_lib` when called, since the saving package itself imports
the packages that use them.
"""

import inspect

from keras.src.utils.naming import to_snake_case


def names_table(classes, **aliases):
    """A lookup table from names to `classes`: each class under its class
    name and its snake-case name, then the extra names in `aliases`."""
    table = {}
    for cls in classes:
        table[cls.__name__] = cls
        table[to_snake_case(cls.__name__)] = cls
    table.update(aliases)
    return table


def serialize_object(obj):
    """Returns the JSON-friendly config of `obj` (see
    `keras.saving.serialize_keras_object`)."""
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(obj)


def deserialize_from_table(config, table, custom_objects=None):
    """Rebuilds an object from `config`, looking names up in `table` (the
    package's built-ins) besides `custom_objects` and the registered
    objects."""
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config, module_objects=table, custom_objects=custom_objects
    )


def get_from_table(
    identifier, table, unknown_name, not_callable, instantiate_classes=True
):
    """Resolves a `get()` identifier against a table of built-in objects.

    `None` gives `None`. A string must be a key of `table`, a dict is
    deserialized with `table` as the built-ins, and anything else stands
    for itself. The result must be callable; with `instantiate_classes`,
    a class is replaced by an instance built with its default arguments.

    Args:
        identifier: What the caller passed to `get()`.
        table: Dict of the names the package knows to their objects.
        unknown_name: Message of the `ValueError` for a string missing
            from `table`, a `str.format` template that may use
            `{identifier}` and `{names}` (the sorted keys of `table`).
        not_callable: Message template of the `ValueError` for a result
            that is not callable; it may use `{identifier}`.
        instantiate_classes: Whether a class found is called to make an
            instance.

    Returns:
        The object `identifier` designates, or `None`.
    """
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier not in table:
            raise ValueError(
                unknown_name.format(identifier=identifier, names=sorted(table))
            )
        found = table[identifier]
    elif isinstance(identifier, dict):
        found = deserialize_from_table(identifier, table)
    else:
        found = identifier
    if not callable(found):
        raise ValueError(not_callable.format(identifier=identifier))
    if instantiate_classes and inspect.isclass(found):
        return found()
    return found
