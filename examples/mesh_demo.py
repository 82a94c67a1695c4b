"""Train one small classifier under several device meshes; compare losses.

Runs on 8 (CPU) devices. For each layout the same model, data and seed give
the same per-epoch losses as the run without distribution, whichever mesh
axis carries the batch.

    python examples/mesh_demo.py
"""

import os

os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import time  # noqa: E402

import numpy as np  # noqa: E402

import keras  # noqa: E402
from keras import distribution  # noqa: E402

EPOCHS = 3


def make_data(seed=0, samples=2048, features=32, classes=8):
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(classes, features)) * 2.0
    y = rng.integers(0, classes, size=samples)
    x = centers[y] + rng.normal(size=(samples, features))
    return x.astype("float32"), y.astype("int32")


def build_model(features=32, classes=8):
    keras.utils.set_random_seed(1)
    return keras.Sequential(
        [
            keras.Input((features,)),
            keras.layers.Dense(256, activation="relu", name="d1"),
            keras.layers.Dense(256, activation="relu", name="d2"),
            keras.layers.Dense(classes, name="head"),
        ]
    )


def layouts():
    devices = distribution.list_devices()
    yield "none", None
    yield "(8,) data parallel", distribution.DataParallel(devices=devices)

    def model_parallel(shape, names, batch):
        mesh = distribution.DeviceMesh(shape, names, devices)
        layout_map = distribution.LayoutMap(mesh)
        layout_map["d1/kernel"] = (None, "model")
        layout_map["d2/kernel"] = ("model", None)
        layout_map["head/kernel"] = (None, None)
        return distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name=batch
        )

    yield (
        "(4,2) model,batch",
        model_parallel((4, 2), ("model", "batch"), "batch"),
    )
    yield (
        "(2,4) batch,model",
        model_parallel((2, 4), ("batch", "model"), "batch"),
    )
    yield (
        "(2,2,2) data,model,batch",
        model_parallel(
            (2, 2, 2), ("data", "model", "batch"), ("data", "batch")
        ),
    )


def train(dist, x, y):
    def run():
        model = build_model()
        model.compile(
            optimizer=keras.optimizers.SGD(0.05),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["accuracy"],
        )
        start = time.perf_counter()
        history = model.fit(
            x, y, batch_size=64, epochs=EPOCHS, shuffle=False, verbose=1
        )
        seconds = time.perf_counter() - start
        return history.history, seconds

    if dist is None:
        return run()
    with dist.scope():
        return run()


def main():
    x, y = make_data()
    rows = []
    reference = None
    for name, dist in layouts():
        print(f"\n=== layout: {name}")
        history, seconds = train(dist, x, y)
        losses = history["loss"]
        if reference is None:
            reference = losses
        max_diff = float(np.max(np.abs(np.array(losses) - reference)))
        rows.append((name, losses, history["accuracy"][-1], seconds, max_diff))

    print(
        "\n| layout | losses per epoch | final acc | s | max |Δloss| vs none |"
    )
    print("|---|---|---|---|---|")
    for name, losses, acc, seconds, diff in rows:
        shown = ", ".join(f"{v:.5f}" for v in losses)
        print(f"| {name} | {shown} | {acc:.3f} | {seconds:.1f} | {diff:.2e} |")


if __name__ == "__main__":
    main()
