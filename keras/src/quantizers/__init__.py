"""Quantization configs (the quantizers themselves are not implemented in
this fork yet)."""
