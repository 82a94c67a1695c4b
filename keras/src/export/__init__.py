"""Model export (SavedModel, ONNX, OpenVINO, LiteRT).

No export format is implemented in this fork yet: `Model.export()` raises
a `NotImplementedError` naming the requested format.
"""
