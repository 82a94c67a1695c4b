"""The NumPy-style ops, one module a family.

`keras.src.ops.numpy` re-exports them all.
"""
