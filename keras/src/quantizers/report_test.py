from keras.src import testing
from keras.src.quantizers.report import QuantizationReport


class QuantizationReportTest(testing.TestCase):
    def _report(self):
        report = QuantizationReport(mode="ternary")
        report.add_quantized("d1", "ternary", "ternary_from_float32")
        report.add_skipped("act", QuantizationReport.SKIP_NO_SUPPORT)
        report.add_skipped("d2", QuantizationReport.SKIP_FILTERED)
        return report

    def test_counts_and_reasons(self):
        report = self._report()
        self.assertEqual(
            (report.num_quantized, report.num_skipped, report.num_errors),
            (1, 2, 0),
        )
        self.assertEqual(
            report.skipped_by_reason(QuantizationReport.SKIP_FILTERED), ["d2"]
        )
        self.assertEqual(
            repr(report),
            "QuantizationReport(mode='ternary', quantized=1, skipped=2, "
            "errors=0)",
        )

    def test_render(self):
        report = self._report()
        report.add_error("d3", ValueError("bad"))
        self.assertEqual(
            report.render(),
            "Quantization report (mode='ternary')\n" + "=" * 65 + "\n"
            "Quantized 1 layer(s):\n"
            "  - d1 (ternary): ternary_from_float32\n"
            "Skipped 2 layer(s):\n"
            "  - act: no quantize support\n"
            "  - d2: filtered out\n"
            "Errors on 1 layer(s):\n"
            "  - d3: bad",
        )
        self.assertIn("  (none)", QuantizationReport("int8").render())

    def test_summary_warning(self):
        self.assertIsNone(QuantizationReport("int8").summary_warning())
        report = QuantizationReport("int8")
        for i in range(3):
            report.add_skipped(f"l{i}", QuantizationReport.SKIP_NO_SUPPORT)
        report.add_error("e", "boom")
        self.assertEqual(
            report.summary_warning(max_examples=2),
            "`model.quantize()`: 3 layer(s) were skipped because they do "
            "not support quantization (e.g. 'l0', 'l1', ...). 1 layer(s) "
            "reported errors (e.g. 'e'). Quantized 0 layer(s) in mode "
            "'int8'. Call `model.quantization_summary()` or inspect the "
            "returned `QuantizationReport` for details.",
        )


class QuantizationSummaryTest(testing.TestCase):
    def test_summary_of_ternary_and_int8_layers(self):
        from keras.src import layers
        from keras.src import models

        model = models.Sequential(
            [
                layers.Input((10,)),
                layers.Dense(4, name="d"),
                layers.TernaryDense(3, name="t"),
            ]
        )
        self.assertIn(
            "No quantized layers found.",
            model.quantization_summary(verbose=False),
        )
        model.quantize("ternary", verbose=False)
        summary = model.quantization_summary(verbose=False)
        # (10, 4) and (4, 3) ternary kernels: 2 and 1 packed rows.
        self.assertIn("Layer: sequential/d", summary)
        self.assertIn("  dtype policy : ternary_from_float32", summary)
        self.assertIn("  weight store : uint8 (8 bytes)", summary)
        self.assertIn("  weight store : uint8 (3 bytes)", summary)
        self.assertIn("Quantized layers : 2", summary)
        self.assertIn("Quantized params : 52", summary)
        self.assertIn(
            "Weight storage   : 11 bytes quantized vs 208 bytes float32 "
            "(18.91x smaller)",
            summary,
        )
